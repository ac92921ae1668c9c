import { test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../e2e/sandbox";
import { ROUTES } from "./routes";

const OUT = join(ROOT, "screenshots");
const url = (path: string) => `${process.env.BASE_URL}${path}`;
const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** Drawn and still: web fonts loaded, finite animations and transitions over, two frames painted. */
async function drawn(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

async function shoot(page: Page, name: string) {
  await drawn(page);
  for (const s of sizes) {
    await page.setViewportSize({ width: s.width, height: s.height });
    await drawn(page);
    await page.screenshot({ path: join(OUT, `${name}-${s.name}.png`) });
  }
  await page.setViewportSize(sizes[0]);
}

test("screens", async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await page.goto(url("/"));
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
  await shoot(page, "home-guest");
  await page.goto(url("/?modal=sign-up"));
  await page.getByRole("dialog").getByRole("button", { name: "Sign up" }).click();
  await shoot(page, "sign-up-errors");
  await page.goto(url("/?modal=sign-in"));
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill("demo@croupier.test");
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await dialog.getByRole("alert").first().waitFor();
  await shoot(page, "sign-in-wrong-password");
  await dialog.getByLabel("Password").fill("demo12345");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("header-nickname").waitFor();
  // The signed-in toast has gone (it times out by itself).
  await page.waitForFunction(() => !document.querySelector(".toast"), undefined, { timeout: 15_000 });
  await shoot(page, "home-player");
  await page.getByTestId("header-balance").click();
  await shoot(page, "account-switcher");
  await page.goto(url("/wallet"));
  // A full load shows the preloader for a second (SPEC §2); shoot the page, not the preloader.
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await shoot(page, "wallet");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.screenshot({ path: join(OUT, "drawer-mobile.png") });
});


test("every route", async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  for (const s of sizes) {
    await page.setViewportSize({ width: s.width, height: s.height });
    for (const [name, path] of ROUTES) {
      await page.goto(url(path));
      await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
      await drawn(page);
      await page.screenshot({ path: join(OUT, `route-${name}-${s.name}.png`) });
    }
  }
});

test("shell states", async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await page.goto(url("/games"));
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.getByRole("button", { name: "Collapse menu" }).click();
  await drawn(page);
  await page.screenshot({ path: join(OUT, "drawer-compact-desktop.png") });
  await page.getByRole("button", { name: "Expand menu" }).click();
  for (const [name, path] of [
    ["modal-pending", "/?modal=games-filter"],
    ["modal-forgot-pass", "/?modal=forgot-pass"],
    ["modal-reset-pass", "/?modal=reset-pass"],
  ]) {
    await page.goto(url(path));
    await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
    await shoot(page, name);
  }
  await page.goto(url("/?modal=forgot-pass"));
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.getByRole("dialog").getByLabel("E-mail").fill("demo@croupier.test");
  await page.getByRole("dialog").getByRole("button", { name: "Send the link" }).click();
  await page.getByRole("dialog", { name: "Check your e-mail" }).waitFor();
  await shoot(page, "modal-reset-email-send");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url("/pt-br/wallet"));
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  await page.getByRole("button", { name: "Menu" }).click();
  await drawn(page);
  await page.screenshot({ path: join(OUT, "drawer-mobile-pt-br.png") });
});
