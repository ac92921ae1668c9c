// Firefox, one signed-up player's account tour (issue 31): the e-mail confirmed from the mail's
// link (verify), a new nickname (profile), a phone confirmed with the SMS code (phone), a PNG
// uploaded through the file input (documents), a message sent by the control API in the bell
// and the inbox (notifications), and a success toast that appears and leaves (toasts). The
// mail and the SMS are read from the sandbox's outbox, as a player reads their inbox.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { By } from "selenium-webdriver";
import { button, fill, firefoxSession, gone, heading, loaded, textOf, url, visible } from "./browser";
import { api, signUp, token, walletLive, type Player } from "./player";

const firefox = firefoxSession();
const dialog = '[role="dialog"]';
let player: Player;
let playerId: number;

type Mail = { recipient: string; body: string; link: string | null };

/** The newest outbox entry to `to` (e-mail or phone), waited for. */
async function newestTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await firefox().wait(
    async () => {
      found = ((await api("/_outbox.json")) as Mail[]).find((m) => m.recipient === to);
      return !!found;
    },
    15_000,
    `nothing in the outbox to ${to}`,
  );
  return found!;
}

/** A Portuguese mobile number no other test uses (e2e/account-phone.spec.ts's scheme, 92x here). */
function newNumber() {
  const n = String((Date.now() * 7) % 10_000_000).padStart(7, "0");
  return { typed: `+351 92${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4)}`, stored: `+35192${n}` };
}

test("signs up; the profile says the e-mail is not confirmed", async () => {
  const driver = firefox();
  player = await signUp(driver);
  playerId = ((await api("/api/player/profile", { auth: await token(driver) })) as { id: number }).id;
  await driver.get(url("/profile/info"));
  await textOf(driver, '[data-testid="info-email"]', { exact: player.email });
  await textOf(driver, '[data-testid="info-email-status"]', { exact: "Not confirmed" });
});

test("verify: the sign-up mail's link confirms the e-mail", async () => {
  const driver = firefox();
  const { link } = await newestTo(player.email);
  expect(link).toContain("/verify/");
  await driver.get(link!);
  await heading(driver, "Your e-mail is confirmed");
  await driver.get(url("/profile/info"));
  await textOf(driver, '[data-testid="info-email-status"]', { exact: "Confirmed" });
});

test("profile: a new nickname reaches the header", async () => {
  const driver = firefox();
  await driver.get(url("/profile"));
  await loaded(driver);
  await (await button(driver, "Change nickname")).click();
  const mine = `fox${Date.now() % 1_000_000}`;
  await fill(driver, `${dialog} #nickname`, mine);
  await (await button(driver, "Save", dialog)).click();
  await gone(driver, dialog);
  await textOf(driver, '[data-testid="header-nickname"]', { exact: mine });
});

test("phone and toasts: a number confirmed with the SMS code; its toast appears and leaves", async () => {
  const driver = firefox();
  const phone = newNumber();
  await driver.get(url("/profile/info"));
  await textOf(driver, '[data-testid="info-phone"]', { exact: "Not added" });
  await (await button(driver, "Confirm a phone number")).click();
  await heading(driver, "Phone number", dialog);
  await fill(driver, "#phone-number", phone.typed);
  await (await button(driver, "Send the code", dialog)).click();
  await heading(driver, "Enter the code", dialog);
  const sms = await newestTo(phone.stored);
  const code = /code is (\d{6})/.exec(sms.body)?.[1];
  expect(code, sms.body).toBeTruthy();
  await fill(driver, "#phone-code", code!);
  await fill(driver, "#phone-current-password", player.password);
  await (await button(driver, "Confirm", dialog)).click();
  const toast = '.toast[role="status"]';
  await textOf(driver, toast, "Phone number confirmed");
  await textOf(driver, '[data-testid="info-phone"]', { exact: phone.stored });
  // The toast leaves by itself (the core's 3 s for a toast without a description).
  await gone(driver, toast);
});

test("documents: a PNG chosen in the file input is uploaded and listed under review", async () => {
  const driver = firefox();
  // The smallest valid PNG (1x1), as the Chromium spec uploads it; geckodriver takes a path.
  const dir = mkdtempSync(join(tmpdir(), "croupier-doc-"));
  const png = join(dir, "passport.png");
  writeFileSync(png, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
  await driver.get(url("/profile/personal"));
  const section = "section.documents";
  await heading(driver, "Verification", section);
  await textOf(driver, section, "No documents uploaded yet.");
  await (await visible(driver, `${section} #document-kind option[value="identity"]`)).click();
  // The input may be styled out of view: sendKeys on a file input needs no visibility.
  await driver.findElement(By.css("#document-file")).sendKeys(png);
  await (await button(driver, "Upload", section)).click();
  await textOf(driver, '.toast[role="status"]', "Document uploaded. We will review it soon.");
  const row = `${section} li.document`;
  await textOf(driver, row, "Passport or ID card");
  await textOf(driver, row, "passport.png");
  await textOf(driver, row, "Under review");
  expect(await driver.findElements(By.css(row))).toHaveLength(1);
});

test("notifications: a message sent while the page is open is counted and tops the inbox", async () => {
  const driver = firefox();
  await api("/api/_control/notify", { body: { playerId, title: "Welcome", body: "", kind: "message" } });
  await driver.get(url("/"));
  await loaded(driver);
  await textOf(driver, '[data-testid="bell-count"]', { exact: "1" });
  // The socket listens before the live one is sent (player.ts walletLive).
  await walletLive(driver);
  await api("/api/_control/notify", { body: { playerId, title: "Security notice", body: "Never share your password.", kind: "message" } });
  await textOf(driver, '[data-testid="bell-count"]', { exact: "2" });
  await (await visible(driver, '[data-testid="bell"]')).click();
  const pop = '[data-testid="bell-popover"]';
  await textOf(driver, `${pop} .note-title`, { exact: "Security notice" });
  await textOf(driver, `${pop} .note-body`, { exact: "Never share your password." });
  await (await button(driver, "Mark all as read", pop)).click();
  await gone(driver, '[data-testid="bell-count"]');
  await (await button(driver, "Show all", pop)).click();
  const titles = async () => Promise.all((await driver.findElements(By.css('[data-testid="inbox"] .note-title'))).map((e) => e.getText()));
  await driver.wait(async () => (await titles()).length === 2, 15_000, "the inbox did not list both messages");
  expect(await titles()).toEqual(["Security notice", "Welcome"]);
});
