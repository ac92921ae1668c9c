// E-mail confirmation and avatars (issue 14; SPEC §2 modals email, confirm-email, avatars and
// the verify-confirmCode page, §7 profile/email/verify/*, confirmations/email/resend,
// avatar/list and set-avatar, §8 resend alerts): the confirmation mail lands in the sandbox's
// outbox, its code and link are read from there. Moving the e-mail needs proof of the owner
// (issue 32 item 4): the current password, or for a player without one a code to the phone.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
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

async function infoPage(page: Page, player: Player) {
  await signedIn(page, player, "/profile/info");
  await expect(page.getByTestId("info-email")).toHaveText(player.email);
}

test("a sign-up's mail link confirms the e-mail in any browser, once", async ({ page, request, browser, sandbox }) => {
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
  const ctx = await browser.newContext({ storageState: sandbox.consented });
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
  const password = dialog.getByLabel("Current password");
  await field.fill("nope@");
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-address-error")).toBeVisible();
  // The e-mail moves only with the password (required before anything is sent).
  await expect(dialog.locator("#email-current-password-error")).toHaveText("This field is required");
  await expect(field).toHaveValue("nope@");
  await password.fill("royal-flush-9");
  await field.fill(other.email);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-address-error")).toHaveText("This e-mail belongs to another account.");
  await expect(field).toHaveValue(other.email);

  // A wrong password is said under its field; what was typed stays.
  const fresh = `fresh${Date.now()}@example.com`;
  await field.fill(fresh);
  await password.fill("not-my-password");
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-current-password-error")).toHaveText("The current password is incorrect.");
  await expect(field).toHaveValue(fresh);
  await expect(password).toHaveValue("not-my-password");
  await password.fill("royal-flush-9");
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

/** A player signed up by phone through the API (no e-mail, no password): the player and phone. */
async function phonePlayer(request: APIRequestContext): Promise<{ player: Player; phone: string }> {
  const phone = `+35193${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  expect((await request.post(url("/api/player/otp/send"), { data: { phone } })).status()).toBe(200);
  const res = await request.get(url(`/api/_control/otp?${new URLSearchParams({ phone })}`));
  const code = (await res.json()).code;
  expect((await request.post(url("/api/player/otp/verify"), { data: { phone, code } })).status()).toBe(200);
  const reg = await request.post(url("/api/player/register/phone"), {
    data: { phone, code, currency: "USD", agreements: true },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const body = await reg.json();
  return { player: { id: body.profile.id, email: "", token: body.accessToken }, phone };
}

test("a player without a password moves the e-mail with a code sent to their phone", async ({ page, request }) => {
  await resendAfter(request, 30);
  const { player, phone } = await phonePlayer(request);
  await signedIn(page, player, "/profile/info?modal=email");
  const dialog = page.getByRole("dialog");
  const codeField = dialog.getByLabel("Code that proves it is you");
  await expect(codeField).toBeVisible();
  await expect(dialog.getByLabel("Current password")).toHaveCount(0);
  const fresh = `phone${Date.now()}@example.com`;
  await dialog.getByLabel("E-mail").fill(fresh);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-owner-code-error")).toHaveText("This field is required");

  await dialog.getByRole("button", { name: "Send me a code" }).click();
  await expect(dialog.getByText(`We sent a code to ${phone}.`)).toBeVisible();
  await expect(dialog.getByText(/New code in \d+ s/)).toBeVisible();
  const list: Mail[] = await (await request.get(url("/_outbox.json"))).json();
  const sms = list.find((m) => m.recipient === phone && m.body.includes("change the account's e-mail"));
  const code = /\b(\d{6})\b/.exec(sms?.body ?? "")?.[1];
  expect(code).toBeTruthy();
  const wrong = code === "000000" ? "111111" : "000000";
  await codeField.fill(wrong);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.locator("#email-owner-code-error")).toHaveText("The code is incorrect: 2 attempts left.");
  await expect(codeField).toHaveValue(wrong);
  await expect(dialog.getByLabel("E-mail")).toHaveValue(fresh);
  await codeField.fill(code!);
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
  await expect(dialog).toContainText(`We sent a code to ${fresh}.`);
  await resendAfter(request, 3);
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
    await expect(dialog.locator("#email-current-password-error")).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`email-${s.name}.png`) });

    // A player without a password: the owner code, asked for and on its way.
    const { player: byPhone } = await phonePlayer(request);
    await signedIn(page, byPhone, "/profile/info?modal=email");
    const codeDialog = page.getByRole("dialog");
    await codeDialog.getByRole("button", { name: "Send me a code" }).click();
    await expect(codeDialog.getByText(/We sent a code to \+/)).toBeVisible();
    await axeClean(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`email-code-${s.name}.png`) });
    await signedIn(page, player, "/profile/info");

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
