import { defineConfig } from "@playwright/test";

// The Firefox leg (issue 19): Playwright's runner, but each flow drives Debian's firefox-esr
// through geckodriver with selenium-webdriver (tests/firefox/browser.ts). Same sandbox set-up as
// the Chromium suite: one release sandbox on a free port with a throwaway database.
export default defineConfig({
  forbidOnly: !!process.env.CI,
  testDir: "firefox",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  timeout: 90_000,
  workers: 1,
  retries: 0,
  // Beside the Chromium run's folder, not in it: that run empties its own folder when it starts,
  // and the Firefox flows may run first (scripts/test.sh).
  outputDir: "test-results-firefox",
});
