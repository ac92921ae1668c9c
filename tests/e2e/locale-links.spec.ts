// A Portuguese player stays in Portuguese (issue 29): the in-app links come from the core in
// the page's locale, so walking the menu, wallet, profile and bonus links under /pt-br never
// lands on an English page.
import { expect, test, type Page } from "./fixtures";
import { register, signedIn, url } from "./player";

/** Every in-app link on the page (same origin, not an API or a file) starts with /pt-br. */
async function linksStayInPortuguese(page: Page, where: string) {
  const hrefs = await page.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  const inApp = hrefs.filter((h) => !h.startsWith("/api/") && !/\.[a-z0-9]+$/i.test(h));
  expect(inApp.length, where).toBeGreaterThan(0);
  expect(inApp.filter((h) => h !== "/pt-br" && !h.startsWith("/pt-br/")), where).toEqual([]);
}

async function follow(page: Page, name: string | RegExp, path: string) {
  await page.getByRole("main").getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(url(path));
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-br");
  await linksStayInPortuguese(page, path);
}

test("a player walks the menu, wallet, profile and bonus links under /pt-br and never leaves it", async ({ page, request }) => {
  await signedIn(page, await register(request, "ptlinks"), "/pt-br/profile");
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-br");
  await linksStayInPortuguese(page, "/pt-br/profile");

  // The profile's own links.
  await follow(page, "Sessões", "/pt-br/profile/sessions");
  await page.goBack();
  await follow(page, "Definir seus limites", "/pt-br/profile/limits");

  // The header's account link, and from the info page the personal details button.
  await page.getByTestId("header-account").click();
  await expect(page).toHaveURL(url("/pt-br/profile/info"));
  await page.getByRole("main").getByRole("button", { name: "Dados pessoais" }).first().click();
  await expect(page).toHaveURL(url("/pt-br/profile/personal"));

  // The main menu (drawer) to the wallet, then the wallet's history and back.
  await page.locator("#drawer").getByRole("link", { name: "Carteira" }).click();
  await expect(page).toHaveURL(url("/pt-br/wallet"));
  await linksStayInPortuguese(page, "/pt-br/wallet");
  await follow(page, "Histórico de transações", "/pt-br/wallet/history");
  await follow(page, "Carteira", "/pt-br/wallet");

  // The wallet's bonus modal links to the bonuses page.
  await page.goto(url("/pt-br/wallet?modal=wallet-bonus-info"));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Todos os bônus" }).click();
  await expect(page).toHaveURL(url("/pt-br/bonuses"));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await linksStayInPortuguese(page, "/pt-br/bonuses");
});
