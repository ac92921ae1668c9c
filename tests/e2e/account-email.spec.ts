// E-mail confirmation and avatars (issue 14; SPEC §2 modals email, confirm-email, avatars and
// the verify-confirmCode page, §7 profile/email/verify/*, confirmations/email/resend,
// avatar/list and set-avatar, §8 resend alerts): the confirmation mail lands in the sandbox's
// outbox, its code and link are read from there.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { control, register, signedIn, url, type Player } from "./player";

type Mail = { recipient: string; body: string; link: string | null; kind: string };

/** The newest mail to `to`: its code and link. */
async function mail(request: APIRequestContext, to: string): Promise<{ code: string; link: string; count: number }> {
  const list: Mail[] = await (await request.get(url("/_outbox.json"))).json();
  const mine = list.filter((m) => m.recipient === to);
  expect(mine.length, `a mail to ${to}`).toBeGreaterThan(0);
  const code = /the code (\d{6})/.exec(mine[0].body)?.[1];
  expect(code).toBeTruthy();
  return { code: code!, link: mine[0].link!, count: mine.length };
}

const resendAfter = (request: APIRequestContext, secs: number) => control(request, "otp", { resendSecs: secs });

const axeClean = async (page: Page, include?: string) => {
  let b = new AxeBuilder({ page });
  if (include) b = b.include(include);
  const r = await b.analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
};

async function infoPage(page: Page, player: Player) {
  await signedIn(page, player, "/profile/info");
  await expect(page.getByTestId("info-email")).toHaveText(player.email);
}

test("a sign-up's mail link confirms the e-mail in any browser, once", async ({ page, request, browser }) => {
  const email = `signup${Date.now()}@example.com`;
  await page.goto(url("/?modal=sign-up"));
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill("royal-flush-9");
  await dialog.getByLabel("Currency").selectOption("USD");
  await dialog.getByLabel(/I am over 18/).check();
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(url("/profile/info"));
  await expect(page.getByTestId("info-email")).toHaveText(email);
  await expect(page.getByTestId("info-email-status")).toHaveText("Not confirmed");
  const { link } = await mail(request, email);
  expect(link).toContain("/verify/");

  // Another browser, without the session, follows the link.
  const ctx = await browser.newContext({ storageState: test.info().project.use.storageState as string });
  const guest = await ctx.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 2, name: "Your e-mail is confirmed" })).toBeVisible();
  await expect(guest.getByText(`${email} is confirmed. Thank you!`)).toBeVisible();
  await expect(guest.getByRole("main").getByRole("button", { name: "Sign in" })).toBeVisible();
  // Again: used, and said so; a made-up link is not valid and a guest is asked to sign in.
  await guest.goto(link);
  await expect(guest.getByRole("heading", { level: 2, name: "This link was already used" })).toBeVisible();
  await guest.goto(url("/verify/not-a-real-link"));
  await expect(guest.getByRole("heading", { level: 2, name: "This link is not valid" })).toBeVisible();
  await expect(guest.getByRole("button", { name: "Sign in to ask for a new e-mail" })).toBeVisible();
  await ctx.close();

  // The player's profile says confirmed.
  await page.reload();
  await expect(page.getByTestId("info-email-status")).toHaveText("Confirmed");
  await expect(page.getByRole("button", { name: "Send the confirmation e-mail again" })).toHaveCount(0);
});

test("a player gives a new address in the email modal and confirms it with the mail's code", async ({ page, request }) => {
  await resendAfter(request, 3);
  const player = await register(request, "modal");
  const other = await register(request, "taken");
  await infoPage(page, player);
  await expect(page.getByTestId("info-email-status")).toHaveText("Not confirmed");
  await page.getByRole("button", { name: "Change the e-mail" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "E-mail" })).toBeVisible();
  const field = dialog.getByLabel("E-mail");
  await field.fill("nope@");
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-address-error")).toBeVisible();
  await expect(field).toHaveValue("nope@");
  await field.fill(other.email);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-address-error")).toHaveText("This e-mail belongs to another account.");
  await expect(field).toHaveValue(other.email);

  const fresh = `fresh${Date.now()}@example.com`;
  await field.fill(fresh);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
  await expect(dialog).toContainText(`We sent a code to ${fresh}.`);

  // The wait holds the resend back, then offers it: an attention alert.
  await expect(dialog.getByText(/New e-mail in \d s/)).toBeVisible();
  await dialog.getByRole("button", { name: "Send a new e-mail" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();
  const { code, count } = await mail(request, fresh);
  expect(count).toBe(2);

  const codeField = dialog.getByLabel("Code from the e-mail");
  const wrong = code === "000000" ? "111111" : "000000";
  await codeField.fill(wrong);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.locator("#email-code-error")).toHaveText("The code is incorrect: 2 attempts left.");
  await expect(codeField).toHaveValue(wrong);
  await codeField.fill(code);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  // The confirm modal says so (the profile is confirmed now), naming the address.
  const confirmed = page.getByRole("dialog", { name: "Your profile is confirmed" });
  await expect(confirmed).toContainText(fresh);
  await confirmed.getByRole("button", { name: "Great" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("info-email")).toHaveText(fresh);
  await expect(page.getByTestId("info-email-status")).toHaveText("Confirmed");
});

test("a refused resend says something went wrong", async ({ page, request }) => {
  await resendAfter(request, 60);
  const player = await register(request, "refused");
  await infoPage(page, player);
  // The registration's mail went out a moment ago: the server's wait refuses another.
  await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
  await expect(page.getByText("Something went wrong")).toBeVisible();
  await resendAfter(request, 3);
});

test("a chosen avatar shows in the header and on the info page; a refusal keeps the choice", async ({ page, request }) => {
  const player = await register(request, "avatar");
  await infoPage(page, player);
  // No avatar yet: the name's initial.
  await expect(page.getByTestId("header-account").locator(".avatar-initial")).toBeVisible();
  await page.getByRole("button", { name: "Choose an avatar" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an avatar" });
  await expect(dialog.getByTestId("avatar-crown")).toBeVisible();

  // The platform refuses once: the reason shows and the choice stays marked.
  await page.route("**/api/player/avatar/set-avatar", (r) =>
    r.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        code: "avatar_unknown",
        message: "There is no avatar with this id: choose one from the list.",
        errors: { avatarId: ["There is no avatar with this id: choose one from the list."] },
      }),
    }),
  );
  await dialog.getByTestId("avatar-crown").click();
  await expect(dialog.getByRole("alert")).toHaveText("There is no avatar with this id: choose one from the list.");
  await expect(dialog.getByTestId("avatar-crown")).toHaveClass(/is-chosen/);
  await page.unroute("**/api/player/avatar/set-avatar");

  await dialog.getByTestId("avatar-crown").click();
  await expect(page.getByText("Avatar changed")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("header-account").locator("img")).toHaveAttribute("src", "/avatars/crown.svg");
  await expect(page.locator(".info-avatar img")).toHaveAttribute("src", "/avatars/crown.svg");
  // Reopened, the current one is marked.
  await page.getByRole("button", { name: "Choose an avatar" }).click();
  await expect(page.getByTestId("avatar-crown")).toHaveAttribute("aria-pressed", "true");
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots and axe of the e-mail modals, avatars, the info and verify pages (${s.name})`, async ({ page, request }) => {
    await resendAfter(request, 60);
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request, `shots${s.name}`);
    const { link } = await mail(request, player.email);
    await infoPage(page, player);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`info-${s.name}.png`), fullPage: true });

    await page.getByRole("button", { name: "Change the e-mail" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill("nope@");
    await dialog.getByRole("button", { name: "Send the code" }).click();
    await expect(dialog.locator("#email-address-error")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`email-${s.name}.png`) });

    await page.goto(url("/profile/info?modal=confirm-email"));
    await expect(page.getByRole("dialog").getByLabel("Code from the e-mail")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`confirm-email-${s.name}.png`) });

    await page.goto(url("/profile/info?modal=avatars"));
    await expect(page.getByTestId("avatar-star")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`avatars-${s.name}.png`) });

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Your e-mail is confirmed" })).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await axeClean(page);
    await page.screenshot({ path: test.info().outputPath(`verify-${s.name}.png`) });
    await resendAfter(request, 3);
  });
}
