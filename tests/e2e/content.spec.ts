// Content pages, affiliate and referral, consent and geo (issue 16 "Content"): every content
// route in two locales, the footer, unknown slugs, XSS payloads inert in a rendered page, the
// affiliate tag captured once, the referral link, transfer and affiliate application, the
// cookie-request and geo-popup rules, axe and screenshots at both sizes.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";

const base = () => process.env.BASE_URL!;
const url = (path: string) => `${base()}${path}`;
const NO_CONSENT = { cookies: [], origins: [] };

let seq = 0;
async function register(request: APIRequestContext, extra: Record<string, unknown> = {}) {
  const email = `content${Date.now()}${seq++}@example.com`;
  const res = await request.post(url("/api/player/register"), {
    data: { email, password: "royal-flush-9", currency: "EUR", agreements: true, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { email, token: body.accessToken as string };
}

async function signedIn(page: Page, token: string, path: string) {
  await page.context().addCookies([{ name: "access_token", value: token, url: base() }]);
  await page.goto(url(path));
}

async function settled(page: Page) {
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  // The core has started (it reads the address and storage then).
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/** [path, English title, Portuguese title]. */
const PAGES: [string, string, string][] = [
  ["/static/terms", "Terms and Conditions", "Termos e Condições"],
  ["/static/privacy", "Privacy Policy", "Política de Privacidade"],
  ["/static/responsible-gaming", "Responsible Gaming", "Jogo Responsável"],
  ["/bonus/welcome-offer", "Welcome Bonus: 100% up to 500 USD", "Bônus de Boas-Vindas: 100% até 500 USD"],
  ["/bonus/weekly-cashback", "Weekly Cashback", "Cashback Semanal"],
  ["/questions/how-to-deposit", "How do I make a deposit?", "Como faço um depósito?"],
  ["/support", "Support", "Suporte"],
  ["/referral", "Referral Program", "Programa de Indicação"],
  ["/welcome-package", "Welcome Package", "Pacote de Boas-Vindas"],
  ["/about", "About Croupier", "Sobre o Croupier"],
];

test("every content route in English and Portuguese, with its sanitised body", async ({ page }) => {
  for (const [locale, prefix] of [
    ["en", ""],
    ["pt-br", "/pt-br"],
  ]) {
    for (const [path, en, pt] of PAGES) {
      await page.goto(url(`${prefix}${path}`));
      await expect(h1(page)).toHaveText(locale === "en" ? en : pt);
      await expect(page.getByTestId("content-page")).toHaveAttribute("data-status", "ready");
      await expect(page.locator(".content-body > *").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
    }
    await page.goto(url(`${prefix}/questions`));
    await expect(h1(page)).toHaveText(locale === "en" ? "Questions and answers" : "Perguntas e respostas");
    await expect(page.getByTestId("question-list").getByRole("link")).toHaveCount(5);
    await expect(page.getByTestId("question-list").getByRole("link").first()).toHaveAttribute("href", `${prefix}/questions/how-to-deposit`);
  }
  // A page's in-app link moves in the app; the welcome package keeps its table.
  await page.goto(url("/welcome-package"));
  await expect(page.locator(".content-body table tbody tr")).toHaveCount(4);
  await page.locator(".content-body").getByRole("link", { name: "terms" }).click();
  await expect(page).toHaveURL(url("/static/terms"));
  await expect(h1(page)).toHaveText("Terms and Conditions");
  // Support lists its contacts as mail and phone links, and the way to the contact form.
  await page.goto(url("/support"));
  await expect(page.locator('.content-body a[href="mailto:support@croupier.test"]')).toBeVisible();
  await expect(page.locator('.content-body a[href^="tel:"]')).toBeVisible();
  await expect(page.locator(".support-form").getByRole("link")).toHaveAttribute("href", "/contact");
  // Another site's link opens in a new tab without an opener.
  await page.goto(url("/static/responsible-gaming"));
  const ext = page.locator('.content-body a[href="https://www.begambleaware.org"]');
  await expect(ext).toHaveAttribute("target", "_blank");
  await expect(ext).toHaveAttribute("rel", "noopener noreferrer");
});

test("the footer's links all lead to pages", async ({ page }) => {
  await page.goto(url("/"));
  await settled(page);
  const links = page.locator("#site-footer").getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    await page.goto(url("/"));
    // The page as a player uses it: a press during the swap from the prerendered home to the
    // drawn one can be lost (CI of session 45: the URL stayed "/"); that race is not this
    // test's subject (docs/notes/issue-28.md: the first render draws over the HTML).
    await settled(page);
    const link = page.locator("#site-footer").getByRole("link").nth(i);
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(url(href));
    await expect(page.getByTestId("error-page")).toHaveCount(0);
    await expect(h1(page)).toBeVisible();
    await expect(page.getByTestId("content-page").or(page.getByTestId("questions-page")).or(page.locator("main#main[data-page=contact]"))).toBeVisible();
  }
});

test("unknown content slugs give the error page, in the address's language", async ({ page }) => {
  for (const path of ["/static/nope", "/bonus/nope", "/questions/nope", "/no-such-page", "/pt-br/static/nope"]) {
    await page.goto(url(path));
    await expect(page.getByTestId("error-page")).toBeVisible();
    await expect(h1(page)).toHaveText(path.startsWith("/pt-br") ? /.+/ : "Something went wrong");
  }
  await expect(page.getByTestId("error-page").getByRole("link")).toHaveAttribute("href", "/pt-br");
});

test("a question page goes back to the list without being held", async ({ page }) => {
  await page.goto(url("/questions/withdrawal-time"));
  await expect(h1(page)).toHaveText("How long does a withdrawal take?");
  await expect(page.locator('.question-others a[aria-current="page"]')).toHaveText("How long does a withdrawal take?");
  await page.locator(".question-others").getByRole("link", { name: "Why do I need to verify my account?" }).click();
  await expect(h1(page)).toHaveText("Why do I need to verify my account?");
  page.on("dialog", (d) => {
    throw new Error(`unexpected dialog: ${d.message()}`);
  });
  await page.getByTestId("questions-back").click();
  await expect(page).toHaveURL(url("/questions"));
  await expect(page.getByTestId("questions-page")).toBeVisible();
});

test("XSS payloads in content stay inert in the rendered page", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(base())) foreign.push(r.url());
  });
  await page.goto(url("/static/xss-check"));
  await expect(h1(page)).toHaveText("XSS check");
  await expect(page.getByText("End of payloads.")).toBeVisible();
  const body = page.locator(".content-body");
  // Nothing that runs, embeds or restyles made it into the page.
  const found = await body.evaluate((el) => {
    const bad: string[] = [];
    for (const n of el.querySelectorAll("*")) {
      const tag = n.tagName.toLowerCase();
      if (["script", "iframe", "frame", "object", "embed", "svg", "math", "style", "link", "meta", "base", "form", "input", "button", "textarea", "video", "audio", "details", "template"].includes(tag)) bad.push(tag);
      for (const a of n.getAttributeNames()) {
        if (a.startsWith("on") || a === "style" || a === "srcdoc" || a === "formaction") bad.push(`${tag}[${a}]`);
      }
      const href = n.getAttribute("href") ?? n.getAttribute("src") ?? "";
      if (/^\s*(javascript|vbscript|data|file|blob):/i.test(href.replace(/[\u0000-\u001f\u200b]/g, ""))) bad.push(`${tag}=${href}`);
    }
    return bad;
  });
  expect(found).toEqual([]);
  // Escaped and raw text shows as text.
  await expect(body).toContainText("<script>alert(1)</script>");
  await expect(body).toContainText("kept");
  // Hovering and clicking what is left runs nothing either.
  for (const link of await body.locator("a").all()) {
    await link.hover();
  }
  await body.getByText("paragraph").hover();
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll("main script, main iframe").length)).toBe(0);
});

test("the affiliate tag from ?stag is captured once, for 30 days, and sent with sign-up", async ({ page, context }) => {
  const before = Date.now() / 1000;
  await page.goto(url("/?stag=first_partner&botURL=https%3A%2F%2Ft.me%2Fcroupier_bot"));
  await settled(page);
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "affiliate_tag")?.value).toBe("first_partner");
  const tag = (await context.cookies()).find((c) => c.name === "affiliate_tag");
  const days = (tag!.expires - before) / 86_400;
  expect(days).toBeGreaterThan(29.99);
  expect(days).toBeLessThan(30.01);
  expect((await context.cookies()).find((c) => c.name === "bot_url")?.value).toBe("https%3A%2F%2Ft.me%2Fcroupier_bot");
  // A later landing with another tag does not replace it.
  await page.goto(url("/games?stag=second_partner"));
  await settled(page);
  expect((await context.cookies()).find((c) => c.name === "affiliate_tag")?.value).toBe("first_partner");
  // Sign-up sends the first tag.
  await page.goto(url("/?modal=sign-up"));
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await dialog.getByLabel("E-mail").fill(`stag${Date.now()}@example.com`);
  await dialog.getByLabel("Password").fill("royal-flush-9");
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel(/I am over 18/).check();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/player/register"));
  await dialog.getByRole("button", { name: "Sign up" }).click();
  const body = (await sent).postDataJSON();
  expect(body.affiliateTag).toBe("first_partner");
  expect(body.botUrl).toBe("https://t.me/croupier_bot");
  await expect(dialog).toBeHidden();
});

test("the referral link brings a friend, the earnings move into the wallet", async ({ page, browser, request }) => {
  const referrer = await register(request);
  await signedIn(page, referrer.token, "/referral");
  const link = page.getByTestId("referral-link");
  await expect(link).toHaveValue(new RegExp(`^${base()}/\\?ref=R[0-9A-Z]+$`));
  await expect(page.getByTestId("referral-invited")).toHaveText("0");
  await expect(page.getByTestId("referral-transfer-open")).toBeDisabled();
  // A friend opens the link in their own browser and signs up.
  const friend = await browser.newContext();
  const fp = await friend.newPage();
  await fp.goto((await link.inputValue()).replace("/?", "/?modal=sign-up&"));
  const dialog = fp.getByRole("dialog", { name: "Create your account" });
  const friendEmail = `friend${Date.now()}@example.com`;
  await dialog.getByLabel("E-mail").fill(friendEmail);
  await dialog.getByLabel("Password").fill("royal-flush-9");
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel(/I am over 18/).check();
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog).toBeHidden();
  await friend.close();
  // A bare sign-up earns nothing (issue 32): the referrer sees the friend, nothing to move.
  await page.reload();
  await expect(page.getByTestId("referral-invited")).toHaveText("1");
  await expect(page.getByTestId("referral-available")).toHaveText("0.00 USD");
  // The friend's first deposit pays 10.00 USD.
  await request.post(url("/api/_control/payments"), { data: { settleMs: 50 } });
  const login = await request.post(url("/api/player/sessions"), { data: { email: friendEmail, password: "royal-flush-9" } });
  const auth = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const dep = await request.post(url("/api/payment/invoices/deposit"), {
    headers: auth,
    data: { amount: "20.00", paymentMethod: "card.deposit.visa", fields: { card_number: "4111 1111 1111 1111" } },
  });
  expect(dep.status()).toBe(201);
  await expect
    .poll(async () => ((await (await request.get(url("/api/payment/invoices?status[]=2"), { headers: auth })).json()).data ?? []).length)
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId("referral-available")).toHaveText("10.00 USD");
  await page.getByTestId("referral-transfer-open").click();
  const modal = page.getByTestId("referral-transfer");
  await expect(modal).toContainText("10.00 USD");
  await page.getByTestId("referral-transfer-confirm").click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Referral earnings moved to your wallet")).toBeVisible();
  await expect(page.getByTestId("referral-available")).toHaveText("0.00 USD");
  const accounts = await request.get(url("/api/wallet/accounts"), { headers: { Authorization: `Bearer ${referrer.token}` } });
  expect((await accounts.json()).find((a: { currency: string }) => a.currency === "USD").balance).toBe("10.00");
});

test("the affiliate program takes an application with field checks", async ({ page }) => {
  await page.goto(url("/referral"));
  await page.getByTestId("affiliate-open").click();
  const dialog = page.getByRole("dialog", { name: "Affiliate program" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Full name").fill("A");
  await dialog.getByLabel("Website or channel").fill("not a site");
  await page.getByTestId("affiliate-submit").click();
  await expect(dialog.locator("#affiliate-name-error")).toBeVisible();
  await expect(dialog.locator("#affiliate-email-error")).toBeVisible();
  await expect(dialog.locator("#affiliate-website-error")).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toHaveValue("A");
  await dialog.getByLabel("Full name").fill("Ana Lima");
  await dialog.getByLabel("E-mail").fill("ana@example.com");
  await dialog.getByLabel("Website or channel").fill("https://ana-reviews.example");
  await page.getByTestId("affiliate-submit").click();
  await expect(page.getByTestId("affiliate-sent")).toBeVisible();
});

test("redirect follows the site's own addresses and only offers another site's", async ({ page }) => {
  await page.goto(url("/redirect?url=%2Fbonus%2Fweekly-cashback"));
  await expect(page).toHaveURL(url("/bonus/weekly-cashback"));
  await expect(h1(page)).toHaveText("Weekly Cashback");
  await page.goto(url("/redirect?url=https%3A%2F%2Fpartner.example%2Fpromo"));
  await expect(page.locator(".shell")).toHaveAttribute("data-layout", "empty");
  await expect(page.getByTestId("redirect-continue")).toHaveAttribute("href", "https://partner.example/promo");
  await page.goto(url("/redirect?url=javascript%3Aalert(1)"));
  await expect(page.getByTestId("redirect-continue")).toHaveCount(0);
});

test.describe("consent and geo", () => {
  test.use({ storageState: NO_CONSENT });

  test("a new visitor is asked once; the choice is kept and decides nothing else", async ({ page }) => {
    await page.goto(url("/"));
    const ask = page.getByTestId("cookie-request");
    await expect(ask).toBeVisible();
    await expect(page).toHaveURL(/modal=cookie-request/);
    await page.getByTestId("consent-necessary").click();
    await expect(ask).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("analytics=0;marketing=0");
    await page.reload();
    await settled(page);
    await expect(ask).toHaveCount(0);
  });

  test("an address's own modal comes first; the question waits for it", async ({ page }) => {
    await page.goto(url("/?modal=sign-in"));
    const signIn = page.getByRole("dialog", { name: /Sign in/i });
    await expect(signIn).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("cookie-request")).toBeVisible();
    await page.getByTestId("consent-analytics").check();
    await page.getByTestId("consent-save").click();
    expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("analytics=1;marketing=0");
  });

  test("a visitor from a country outside the service sees the geo popup first", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Country-Code": "GB" }, storageState: NO_CONSENT });
    const page = await context.newPage();
    await page.goto(url("/"));
    const geo = page.getByTestId("geo-popup");
    await expect(geo).toBeVisible();
    await expect(geo).toContainText("(GB)");
    await geo.getByRole("button", { name: "I understand" }).click();
    await expect(page.getByTestId("cookie-request")).toBeVisible();
    await page.getByTestId("consent-all").click();
    // Shown once per browser session.
    await page.reload();
    await settled(page);
    await expect(geo).toHaveCount(0);
    await context.close();
  });
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test.describe(`axe and screenshots (${s.name})`, () => {
    test.use({ viewport: { width: s.width, height: s.height } });

    const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}-${s.name}.png`), fullPage });

    test("content pages", async ({ page }) => {
      for (const [path, name] of [
        ["/static/terms", "static-terms"],
        ["/questions/how-to-deposit", "question"],
        ["/pt-br/questions", "questions-pt-br"],
        ["/welcome-package", "welcome-package"],
        ["/support", "support"],
        ["/static/nope", "content-missing"],
      ]) {
        await page.goto(url(path));
        await settled(page);
        await expect(page.getByTestId("content-page").or(page.getByTestId("questions-page")).or(page.getByTestId("error-page"))).toBeVisible();
        await expect(page.locator('[data-status="loading"]')).toHaveCount(0);
        await axeClean(page);
        await shot(page, name);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test("referral page and modals", async ({ page, request, browser }) => {
      const player = await register(request);
      await signedIn(page, player.token, "/referral");
      await expect(page.getByTestId("referral-link")).toBeVisible();
      await settled(page);
      await axeClean(page);
      await shot(page, "referral");
      await page.getByTestId("affiliate-open").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await axeClean(page, '[role="dialog"]');
      await shot(page, "affiliate-program", false);
      const fresh = await browser.newContext({ viewport: { width: s.width, height: s.height }, storageState: NO_CONSENT, extraHTTPHeaders: { "X-Country-Code": "FR" } });
      const p2 = await fresh.newPage();
      await p2.goto(url("/static/privacy"));
      await expect(p2.getByTestId("geo-popup")).toBeVisible();
      await axeClean(p2, '[role="dialog"]');
      await shot(p2, "geo-popup", false);
      await p2.getByRole("button", { name: "I understand" }).click();
      await expect(p2.getByTestId("cookie-request")).toBeVisible();
      await axeClean(p2, '[role="dialog"]');
      await shot(p2, "cookie-request", false);
      await fresh.close();
    });
  });
}
