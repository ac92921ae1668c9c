import { resolve } from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser. The networking flags keep it from flooding
// the closed network with refused connections.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  // scripts/test.sh sets CI=1: a stray test.only fails the run instead of hiding the rest.
  forbidOnly: !!process.env.CI,
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    trace: "off",
    // The service worker (issue 16) answers API calls from its offline copy: specs that route or
    // count requests see the page's own, so only the offline spec lets it run.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    // Written by global-setup.ts: the cookie question already answered (issue 16).
    storageState: resolve(import.meta.dirname, ".e2e-state", "consented.json"),
  },
});
