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
  // One sandbox per worker (e2e/fixtures.ts), no global one: tests in different workers never
  // share a database or a global switch.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers on the 2-core machines (issue 31): the suite was one worker for 24 minutes.
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
  },
});
