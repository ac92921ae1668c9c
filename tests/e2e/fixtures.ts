// One sandbox per Playwright worker (issue 31): each worker process starts its own release
// sandbox with a throwaway database before its first test and stops it after its last, so the
// global switches a test flips (`/api/_control/...`) and the rows it seeds never meet another
// worker's tests. Specs import `test` from here; everything else is Playwright's.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { test as base } from "@playwright/test";
import { startSandbox } from "./sandbox";
import { resetSwitches } from "./player";

export * from "@playwright/test";

/** The cookie question already answered (issue 16), per worker: the origin has the port. */
function consentedState(url: string, worker: number): string {
  const file = resolve(import.meta.dirname, "..", ".e2e-state", `consented-${worker}.json`);
  mkdirSync(resolve(file, ".."), { recursive: true });
  const origins = [{ origin: url, localStorage: [{ name: "cookieConsent", value: "analytics=0;marketing=0" }] }];
  writeFileSync(file, JSON.stringify({ cookies: [], origins }));
  return file;
}

export const test = base.extend<{ switches: void }, { sandbox: { url: string; consented: string } }>({
  sandbox: [
    async ({}, use, workerInfo) => {
      const { url, proc } = await startSandbox(["--control", "--outbox"]);
      // The specs' `url()` helpers read it at call time, in this worker's process.
      process.env.BASE_URL = url;
      try {
        await use({ url, consented: consentedState(url, workerInfo.parallelIndex) });
      } finally {
        proc.kill("SIGTERM");
      }
    },
    { scope: "worker", auto: true },
  ],
  // The switches several specs flip (the provider's speed, the token life) go back to the
  // sandbox's start values after every test, so no later test in the worker runs on them.
  switches: [
    async ({ request }, use) => {
      await use();
      await resetSwitches(request);
    },
    { auto: true },
  ],
  // Every test starts as a visitor who already answered the cookie question, so the
  // cookie-request modal does not cover pages under test; content.spec.ts starts without it.
  storageState: async ({ sandbox }, use) => use(sandbox.consented),
});
