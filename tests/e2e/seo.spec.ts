// Pages that search engines and link previews read (issue 30): with scripts disabled, five
// routes' HTML as the sandbox serves it has the page's title, description, canonical,
// hreflang alternates, Open Graph and Twitter tags, and the page's own text.
import { expect, test, type Page } from "./fixtures";

const base = () => process.env.BASE_URL!;
const LOCALES = ["en", "pt-br", "es", "es-mx", "ru", "x-default"];

/** [path, title, description start, heading, a line of the page's text, locale, the path unprefixed]. */
const ROUTES: [string, string, string, string, string, string, string][] = [
  ["/", "Your table is ready — Croupier", "Thousands of games", "Your table is ready", "live sport and fast payouts", "en", "/"],
  ["/static/terms", "Terms and Conditions — Croupier", "1. Who we are", "Terms and Conditions", "Croupier Gaming N.V.", "en", "/static/terms"],
  ["/questions", "Questions and answers — Croupier", "How do I make a deposit?", "Questions and answers", "How long does a withdrawal take?", "en", "/questions"],
  ["/support", "Support — Croupier", "Our support team answers", "Support", "around the clock", "en", "/support"],
  ["/pt-br/static/privacy", "Política de Privacidade — Croupier", "O que coletamos", "Política de Privacidade", "documentos enviados", "pt-br", "/static/privacy"],
];

const prefixed = (locale: string, rest: string) =>
  locale === "en" || locale === "x-default" ? rest : rest === "/" ? `/${locale}` : `/${locale}${rest}`;

const attr = (page: Page, selector: string, name: string) => page.locator(selector).getAttribute(name);

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, title, description, heading, line, locale, rest] of ROUTES) {
    test(`${path} carries its head and text in the HTML`, async ({ page }) => {
      const res = await page.goto(`${base()}${path}`);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      expect(await attr(page, "html", "lang")).toBe(locale);
      expect(await attr(page, 'meta[name="description"]', "content")).toMatch(new RegExp(`^${description.replace(/[?.]/g, "\\$&")}`));
      const url = `${base()}${path === "/" ? "/" : path}`;
      expect(await attr(page, 'link[rel="canonical"]', "href")).toBe(url);
      for (const l of LOCALES) {
        expect(await attr(page, `link[rel="alternate"][hreflang="${l}"]`, "href"), l).toBe(`${base()}${prefixed(l, rest)}`);
      }
      expect(await attr(page, 'meta[property="og:title"]', "content")).toBe(title);
      expect(await attr(page, 'meta[property="og:url"]', "content")).toBe(url);
      expect(await attr(page, 'meta[property="og:locale"]', "content")).toBe(locale === "pt-br" ? "pt_BR" : "en");
      expect(await attr(page, 'meta[name="twitter:card"]', "content")).toBe("summary");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("main.seo-text")).toBeVisible();
      await expect(page.locator("main.seo-text")).toContainText(line);
      // Crawlable links to the other sections, in the page's locale.
      await expect(page.locator(`a[href="${prefixed(locale, "/questions")}"]`)).toHaveCount(1);
    });
  }
});

test("with scripts the app draws the page and the HTML's text stays unseen", async ({ page }) => {
  await page.goto(`${base()}/static/terms`);
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready", { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toHaveCount(1);
  await expect(page.locator("main.seo-text")).toHaveCount(0);
  // The app keeps the title the HTML came with (a crawler that runs scripts reads the same).
  await expect(page).toHaveTitle("Terms and Conditions — Croupier");
  await page.goto(`${base()}/`);
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready", { timeout: 15_000 });
  await expect(page).toHaveTitle("Your table is ready — Croupier");
});
