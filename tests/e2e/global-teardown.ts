import type { ChildProcess } from "node:child_process";

export default async function globalTeardown() {
  const proc = (globalThis as { sandbox?: ChildProcess }).sandbox;
  proc?.kill("SIGTERM");
}
