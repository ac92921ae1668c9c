import { existsSync } from "node:fs";
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
  ...(process.env.XARGS ? process.env.XARGS.split(" ") : []),
];

// Debian's chromium-headless-shell for the specs (issue 31): a page load there costs about half
// the CPU of the full browser's headless mode, which also starts the omnibox's WebUI renderer
// for every window (measured: home 2.1 against 3.9 CPU-seconds). The installability spec needs
// the full browser (CDP PWA.install, real profiles), so it runs there.
const shell = "/usr/bin/chromium-headless-shell";
const full = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const fast = process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : full);
const FULL_ONLY = ["pwa.spec.ts"];

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
    launchOptions: { executablePath: fast, args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    trace: "off",
    // The service worker (issue 16) answers API calls from its offline copy: specs that route or
    // count requests see the page's own, so only the offline spec lets it run.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: FULL_ONLY },
    { name: "chromium-full", testMatch: FULL_ONLY, use: { launchOptions: { executablePath: full, args: chromiumArgs } } },
  ],
});
