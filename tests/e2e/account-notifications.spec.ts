// Notifications and the contact form (issue 14; SPEC §4 Notifications, §7, §9 popover 3 and
// page size 20): the header bell counts unread messages and pushes, a message published
// live raises the count and tops the popover, hostile markup stays inert text, the full list
// pages by 20 with read, read-all and delete; /contact files a message.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { axeClean } from "./axe";
import { control, register as newPlayer, signedIn, url, type Player } from "./player";

const register = (request: APIRequestContext) => newPlayer(request, "note");

async function notify(request: APIRequestContext, player: Player, title: string, body = "", kind = "message") {
  await control(request, "notify", { playerId: player.id, title, body, kind });
}

test("the bell counts unread, a live message tops the popover of 3, hostile markup stays text", async ({ page, request }) => {
  const player = await register(request);
  for (const t of ["One", "Two", "Three"]) await notify(request, player, t);
  await notify(request, player, "A push", "", "push");
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  await signedIn(page, player, "/");
  await expect(page.getByTestId("bell-count")).toHaveText("4");
  await page.getByTestId("bell").click();
  const pop = page.getByTestId("bell-popover");
  await expect(pop.locator(".note-title")).toHaveText(["Three", "Two", "One"]);

  // Live, over the websocket: counted and on top; the popover keeps 3.
  await notify(request, player, "Security notice", '<img src=x onerror="alert(1)"><script>alert(2)</script>Never share your password.');
  await expect(page.getByTestId("bell-count")).toHaveText("5");
  await expect(pop.locator(".note-title")).toHaveText(["Security notice", "Three", "Two"]);
  await expect(pop.locator(".note-body").first()).toHaveText("Never share your password.");
  await expect(page.locator("img[src='x']")).toHaveCount(0);
  expect(dialogs).toBe(0);

  await pop.getByRole("button", { name: "Mark “Three” as read" }).click();
  await expect(page.getByTestId("bell-count")).toHaveText("4");
  await pop.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("bell-count")).toHaveText("1");
  await axeClean(page, "#bell-popover");
  // The server holds it: a reload shows the same.
  await page.reload();
  await expect(page.getByTestId("bell-count")).toHaveText("1");
});

test("the full list pages by 20, deletes and reads pushes", async ({ page, request }) => {
  const player = await register(request);
  for (let i = 1; i <= 23; i++) await notify(request, player, `Message ${i}`);
  await notify(request, player, "Push one", "Deposit today.", "push");
  await notify(request, player, "Push two", "Spins tonight.", "push");
  await signedIn(page, player, "/");
  await page.getByTestId("bell").click();
  await page.getByRole("button", { name: "Show all" }).click();
  const inbox = page.getByTestId("inbox");
  await expect(inbox.locator(".note")).toHaveCount(20);
  await expect(inbox.locator(".note-title").first()).toHaveText("Message 23");
  await expect(inbox).toContainText("Page 1 of 2");
  await inbox.getByRole("button", { name: "Next" }).click();
  await expect(inbox.locator(".note")).toHaveCount(3);
  await inbox.getByRole("button", { name: "Delete “Message 1”" }).click();
  await expect(inbox.locator(".note")).toHaveCount(2);
  await expect(page.getByTestId("bell-count")).toHaveText("24");
  await axeClean(page, '[data-testid="inbox"]');

  await inbox.getByRole("tab", { name: /Pushes/ }).click();
  await expect(inbox.locator(".note-title")).toHaveText(["Push two", "Push one"]);
  await inbox.getByRole("button", { name: "Mark “Push one” as read" }).click();
  await expect(page.getByTestId("bell-count")).toHaveText("23");
  // Every push at once (SPEC §7 pushes/read/all); the messages stay unread.
  await inbox.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("bell-count")).toHaveText("22");
  await expect(inbox.getByRole("button", { name: "Mark “Push two” as read" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(inbox).toHaveCount(0);
});

test("the contact form checks its fields, keeps what was typed and files the message", async ({ page, request }) => {
  await page.goto(url("/contact"));
  await page.getByLabel("E-mail").fill("guest@example");
  await page.getByLabel("Message").fill("Too short");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.locator("#contact-subject-error")).toHaveText("This field is required");
  await expect(page.locator("#contact-message-error")).toBeVisible();
  await expect(page.locator("#contact-email-error")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Too short");
  await page.getByLabel("E-mail").fill("guest@example.com");
  await page.getByLabel("Subject").fill("Withdrawals");
  await page.getByLabel("Message").fill("How long does a withdrawal take?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("contact-sent")).toBeVisible();
  const list = await (await request.get(url("/api/_control/communications"))).json();
  expect(list[0]).toMatchObject({ email: "guest@example.com", subject: "Withdrawals" });
  await axeClean(page);
});

test("the contact page in Portuguese", async ({ page }) => {
  await page.goto(url("/pt-br/contact"));
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-br");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fale conosco");
  await expect(page.getByLabel("Assunto")).toBeVisible();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.locator("#contact-subject-error")).toBeVisible();
});

for (const s of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`screenshots of the bell, the inbox and the contact page (${s.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: s.width, height: s.height });
    const player = await register(request);
    await notify(request, player, "Welcome to Croupier", "<p>Your account is ready. <b>Good luck!</b></p>");
    await notify(request, player, "Your weekly cashback", "<p>10% of last week's losses is on its way.</p>");
    await notify(request, player, "New games this week", "<p>Twelve new slots are in the lobby.</p>");
    await signedIn(page, player, "/");
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("bell-popover").locator(".note")).toHaveCount(3);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`bell-${s.name}.png`) });
    await page.getByRole("button", { name: "Show all" }).click();
    await expect(page.getByTestId("inbox").locator(".note")).toHaveCount(3);
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`inbox-${s.name}.png`) });
    await page.keyboard.press("Escape");
    await page.goto(url("/contact"));
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.locator("#contact-subject-error")).toBeVisible();
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`contact-${s.name}.png`), fullPage: true });
  });
}
