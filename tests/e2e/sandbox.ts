import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Start the release sandbox on a free port with a throwaway database; resolves its URL. `env`
 * adds environment variables (e.g. `SANDBOX_APP_CONFIG`). */
export async function startSandbox(extra: string[] = [], env: Record<string, string> = {}): Promise<{ url: string; proc: ChildProcess }> {
  const bin = process.env.SANDBOX_BIN ?? join(ROOT, "target", "release", "croupier-sandbox");
  if (!existsSync(bin)) throw new Error(`sandbox binary missing at ${bin}: run scripts/test.sh`);
  const db = join(mkdtempSync(join(tmpdir(), "croupier-e2e-")), "sandbox.db");
  // --test-limits: the whole suite signs up from 127.0.0.1; per-account limits still hold.
  const proc = spawn(bin, ["--port", "0", "--db", db, "--static", join(ROOT, "app", "dist"), "--test-limits", ...extra], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`sandbox did not start: ${out}`)), 30_000);
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    proc.on("exit", (code) => fail(new Error(`sandbox exited with ${code}: ${out}`)));
  });
  // Keep draining stdout so the sandbox never blocks on a full pipe.
  proc.stdout!.on("data", () => {});
  return { url, proc };
}
