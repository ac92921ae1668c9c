import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { startSandbox } from "./sandbox";

/** Every test starts as a visitor who already answered the cookie question (issue 16), so the
 * cookie-request modal does not cover pages under test; content.spec.ts starts without it. */
export const CONSENTED = resolve(import.meta.dirname, "..", ".e2e-state", "consented.json");

export default async function globalSetup() {
  const { url, proc } = await startSandbox(["--control", "--outbox"]);
  process.env.BASE_URL = url;
  mkdirSync(resolve(CONSENTED, ".."), { recursive: true });
  writeFileSync(
    CONSENTED,
    JSON.stringify({
      cookies: [],
      origins: [{ origin: url, localStorage: [{ name: "cookieConsent", value: "analytics=0;marketing=0" }] }],
    }),
  );
  process.env.SANDBOX_PID = String(proc.pid);
  (globalThis as { sandbox?: unknown }).sandbox = proc;
}
