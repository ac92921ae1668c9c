import { startSandbox } from "./sandbox";

export default async function globalSetup() {
  const { url, proc } = await startSandbox(["--control"]);
  process.env.BASE_URL = url;
  process.env.SANDBOX_PID = String(proc.pid);
  (globalThis as { sandbox?: unknown }).sandbox = proc;
}
