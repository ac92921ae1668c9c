// Debian's firefox-esr driven through geckodriver with selenium-webdriver (issue 19): the
// launcher and the few waiting helpers every Firefox flow uses. Nothing here sleeps: every
// wait polls an observable state of the page until it holds or the wait times out.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execFileSync } from "node:child_process";
import { test } from "@playwright/test";
import { Builder, By, until, type WebDriver, type WebElement } from "selenium-webdriver";
import * as firefox from "selenium-webdriver/firefox.js";

/** How long one wait for the page may take (the first load compiles the wasm core). */
export const WAIT_MS = 15_000;

export const url = (path: string) => `${process.env.BASE_URL}${path}`;

function which(name: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Installed binaries only: Selenium Manager must never be asked to download anything. */
function binaries() {
  const browser = process.env.FIREFOX_PATH ?? ["/usr/bin/firefox-esr", "/usr/bin/firefox"].find(existsSync) ?? which("firefox-esr");
  const driver = process.env.GECKODRIVER_PATH ?? which("geckodriver") ?? join(homedir(), ".cargo", "bin", "geckodriver");
  if (!browser || !existsSync(browser)) throw new Error("firefox-esr not found: run scripts/test.sh (ensure_browsers) or set FIREFOX_PATH");
  if (!existsSync(driver)) throw new Error("geckodriver not found: run scripts/test.sh (ensure_browsers) or set GECKODRIVER_PATH");
  return { browser, driver };
}

// The machine has no internet: keep Firefox from calling home (updates, telemetry, safe
// browsing lists, captive-portal and connectivity probes, remote settings, prefetching).
const QUIET_PREFS: Record<string, string | number | boolean> = {
  "app.update.enabled": false,
  "app.update.auto": false,
  "app.update.checkInstallTime": false,
  "app.normandy.enabled": false,
  "app.shield.optoutstudies.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "browser.safebrowsing.blockedURIs.enabled": false,
  "browser.safebrowsing.downloads.enabled": false,
  "browser.safebrowsing.downloads.remote.enabled": false,
  "browser.safebrowsing.provider.google.updateURL": "",
  "browser.safebrowsing.provider.google4.updateURL": "",
  "browser.safebrowsing.provider.mozilla.updateURL": "",
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "browser.newtabpage.enabled": false,
  "browser.newtabpage.activity-stream.feeds.telemetry": false,
  "browser.newtabpage.activity-stream.telemetry": false,
  "browser.ping-centre.telemetry": false,
  "browser.region.network.url": "",
  "browser.region.update.enabled": false,
  "browser.search.geoip.url": "",
  "browser.search.update": false,
  "captivedetect.canonicalURL": "",
  "datareporting.healthreport.uploadEnabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "extensions.update.enabled": false,
  "extensions.getAddons.cache.enabled": false,
  "extensions.systemAddon.update.enabled": false,
  "geo.provider.network.url": "",
  "media.gmp-manager.updateEnabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
  "network.http.speculative-parallel-limit": 0,
  "network.trr.mode": 5,
  "services.settings.server": "",
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.unified": false,
  "toolkit.telemetry.archive.enabled": false,
  "toolkit.telemetry.server": "",
};

/** A fresh, empty profile whose only content lifts the browser window's minimum width (500 px
 * by Firefox's own toolbar CSS), so the page can be shown at a phone's 390 px. The page itself
 * is untouched: this styles Firefox's chrome, not content. */
function freshProfile(): string {
  const dir = mkdtempSync(join(tmpdir(), "croupier-firefox-"));
  mkdirSync(join(dir, "chrome"));
  writeFileSync(join(dir, "chrome", "userChrome.css"), ":root, #main-window, #navigator-toolbox, toolbar { min-width: 0 !important; }\n");
  return dir;
}

/** How a flow's Firefox starts: `askConsent` leaves the cookie question unanswered (the consent
 * flow answers it itself); `bidi` opens WebDriver BiDi (preload scripts, console entries). */
export type LaunchOptions = { askConsent?: boolean; bidi?: boolean };

/** A headless Firefox on a fresh profile (geckodriver copies ours into a throwaway one per
 * session), its viewport at `width`×`height`. */
export async function launchFirefox(width = 1280, height = 800, opts: LaunchOptions = {}): Promise<WebDriver> {
  const { browser, driver: geckodriver } = binaries();
  const profile = freshProfile();
  const options = new firefox.Options().setBinary(browser).addArguments("-headless").setProfile(profile);
  for (const [key, value] of Object.entries(QUIET_PREFS)) options.setPreference(key, value);
  options.setPreference("toolkit.legacyUserProfileCustomizations.stylesheets", true);
  if (opts.bidi) options.enableBidi();
  const service = new firefox.ServiceBuilder(geckodriver).setEnvironment({ ...process.env, MOZ_HEADLESS: "1" } as Record<string, string>);
  let driver: WebDriver;
  try {
    driver = await new Builder().forBrowser("firefox").setFirefoxOptions(options).setFirefoxService(service).build();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  await driver.manage().setTimeouts({ pageLoad: 30_000, script: 10_000 });
  await setViewport(driver, width, height);
  // Every flow starts as a visitor who already answered the cookie question (issue 16), as
  // the Chromium suite does (e2e/global-setup.ts): the cookie-request modal would cover pages.
  if (process.env.BASE_URL && !opts.askConsent) {
    await driver.get(`${process.env.BASE_URL}/`);
    await driver.executeScript("localStorage.setItem('cookieConsent', 'analytics=0;marketing=0')");
  }
  return driver;
}

/** Resize the window until the page's viewport (innerWidth × innerHeight) is exactly the size. */
export async function setViewport(driver: WebDriver, width: number, height: number) {
  let rect = { width, height };
  for (let i = 0; i < 3; i++) {
    await driver.manage().window().setRect(rect);
    const [w, h] = (await driver.executeScript("return [window.innerWidth, window.innerHeight]")) as [number, number];
    if (w === width && h === height) return;
    rect = { width: rect.width + width - w, height: rect.height + height - h };
  }
  const got = await driver.executeScript("return [window.innerWidth, window.innerHeight].join('x')");
  throw new Error(`could not set the viewport to ${width}x${height}: ${got}`);
}

/** One Firefox per flow file, shared by its serial steps; a screenshot of the page when a step fails. */
export function firefoxSession(width = 1280, height = 800, opts: LaunchOptions = {}): () => WebDriver {
  let driver: WebDriver | undefined;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    driver = await launchFirefox(width, height, opts);
  });
  test.afterEach(async ({}, info) => {
    if (!driver || info.status === info.expectedStatus) return;
    const path = info.outputPath("firefox-failure.png");
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await driver.takeScreenshot(), "base64");
    await info.attach("firefox-failure", { path, contentType: "image/png" });
  });
  test.afterAll(async () => {
    await driver?.quit();
  });
  return () => {
    if (!driver) throw new Error("Firefox did not start");
    return driver;
  };
}

/** Wait for the first element matching `css` to be displayed. */
export async function visible(driver: WebDriver, css: string, scope?: WebElement): Promise<WebElement> {
  return visibleBy(driver, By.css(css), css, scope);
}

/** Wait for a displayed heading (h1-h6) whose text is `name`, inside `within` (CSS) if given. */
export async function heading(driver: WebDriver, name: string, within?: string): Promise<WebElement> {
  const xpath = `.//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6][normalize-space(.)=${JSON.stringify(name)}]`;
  return visibleBy(driver, By.xpath(xpath), `${within ?? ""} heading "${name}"`, within);
}

/** Wait for a displayed button whose text (or aria-label) is `name`, inside `within` (CSS) if given. */
export async function button(driver: WebDriver, name: string, within?: string): Promise<WebElement> {
  const xpath = `.//button[normalize-space(.)=${JSON.stringify(name)} or @aria-label=${JSON.stringify(name)}]`;
  return visibleBy(driver, By.xpath(xpath), `${within ?? ""} button "${name}"`, within);
}

// `within` is CSS looked up again on every try: the home's HTML-prerendered frame is replaced by
// React's first render, so an element found early can go stale.
export async function visibleBy(driver: WebDriver, by: By, what: string, within?: string | WebElement): Promise<WebElement> {
  let found: WebElement | undefined;
  await driver.wait(
    async () => {
      try {
        const scope = typeof within === "string" ? await firstShown(driver, within) : within;
        if (typeof within === "string" && !scope) return false;
        const all = scope ? await scope.findElements(by) : await driver.findElements(by);
        for (const el of all) {
          if (await el.isDisplayed()) {
            found = el;
            return true;
          }
        }
      } catch {
        // Re-rendered between find and check: look again.
      }
      return false;
    },
    WAIT_MS,
    `nothing visible matched ${what}`,
  );
  return found!;
}

/** The first displayed element matching `css`, if any (no waiting). */
async function firstShown(driver: WebDriver, css: string): Promise<WebElement | undefined> {
  for (const el of await driver.findElements(By.css(css))) if (await el.isDisplayed()) return el;
  return undefined;
}

/** Wait until no element matches `css` (or none is displayed). */
export async function gone(driver: WebDriver, css: string) {
  await driver.wait(
    async () => {
      try {
        for (const el of await driver.findElements(By.css(css))) if (await el.isDisplayed()) return false;
        return true;
      } catch {
        return false;
      }
    },
    WAIT_MS,
    `${css} is still shown`,
  );
}

/** Wait until the text of `css` satisfies `ok` (a substring, a pattern or exact text); returns the text. */
export async function textOf(driver: WebDriver, css: string, ok: string | RegExp | { exact: string }): Promise<string> {
  let last = "";
  const matches = (t: string) => (typeof ok === "string" ? t.includes(ok) : ok instanceof RegExp ? ok.test(t) : t === ok.exact);
  try {
    await driver.wait(
      async () => {
        try {
          last = (await driver.findElement(By.css(css)).getText()).trim();
          return matches(last);
        } catch {
          return false;
        }
      },
      WAIT_MS,
    );
  } catch {
    throw new Error(`${css}: expected ${JSON.stringify(ok instanceof RegExp ? String(ok) : ok)}, last text ${JSON.stringify(last)}`);
  }
  return last;
}

/** Wait for the address to be `expected` (a full URL). */
export async function urlIs(driver: WebDriver, expected: string) {
  try {
    await driver.wait(until.urlIs(expected), WAIT_MS);
  } catch {
    throw new Error(`expected the address ${expected}, got ${await driver.getCurrentUrl()}`);
  }
}

/** Wait for the first-load preloader to leave (a full load shows it for a moment). */
export async function loaded(driver: WebDriver) {
  // The home's HTML-prerendered frame is inert until React draws over it (data-core="html").
  await visible(driver, '.shell:not([data-core="html"])');
  await gone(driver, '[data-testid="preloader"]');
}

/** Type into a field after clearing it (React sees every key). */
export async function fill(driver: WebDriver, css: string, value: string) {
  const el = await visible(driver, css);
  await el.clear();
  await el.sendKeys(value);
  await driver.wait(async () => (await el.getAttribute("value")) === value, WAIT_MS, `${css} did not take ${value}`);
}

/** Choose the option whose value is `value` in the select `css`. */
export async function choose(driver: WebDriver, css: string, value: string) {
  const select = await visible(driver, css);
  await select.findElement(By.css(`option[value=${JSON.stringify(value)}]`)).click();
  await driver.wait(async () => (await select.getAttribute("value")) === value, WAIT_MS, `${css} did not select ${value}`);
}
