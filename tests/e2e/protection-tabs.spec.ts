// Issue 30, the session clock shared by tabs: one play session per device, not one per tab.
// Two tabs of one browser profile have the slot open; the reality check comes in both at the
// same moment of the shared session, and answering it in one tab answers it in the other (the
// storage event carries the session to the other tab's core).
import { expect, test, type Page } from "./fixtures";
import { control, fund, register, signedIn, url } from "./player";

const MIN = 60_000;

test.beforeEach(async ({ request }) => control(request, "token-ttl", { seconds: 4 * 3600 }));

async function slotOpen(page: Page) {
  await page.goto(url("/game/book-of-dead"));
  await expect(page.frameLocator("[data-testid=game-frame]").getByText("Real money")).toBeVisible();
  await expect(page.getByTestId("session-bar")).toBeVisible();
}

test("two tabs share one play session: the check comes in both, and answered in one it is answered in the other", async ({ context, page: first, request }) => {
  const player = await register(request, "realitytabs");
  await fund(request, player, "20");
  await context.clock.install();
  await signedIn(first, player, "/profile/limits");
  await first.getByTestId("reality-interval").selectOption("15");
  await expect(first.getByTestId("reality-device")).toHaveText("These choices are kept on this device.");
  await slotOpen(first);

  // Five minutes into the session a second tab opens: it goes on with the same session.
  await context.clock.runFor(5 * MIN);
  await expect(first.getByTestId("session-time")).toHaveText(/^[56] min$/);
  const second = await context.newPage();
  await slotOpen(second);
  await expect(second.getByTestId("session-time")).toHaveText(await first.getByTestId("session-time").innerText());

  // Fifteen minutes after sign-in, not after the second tab opened: both tabs are interrupted.
  await context.clock.runFor(10 * MIN);
  const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Reality check" });
  await expect(dialogOf(first)).toBeVisible();
  await expect(dialogOf(second)).toBeVisible();
  await expect(dialogOf(second)).toContainText(/You have been playing for 1[56] min\./);

  // "Keep playing" in the second tab: the first tab's check is answered too.
  await dialogOf(second).getByTestId("reality-keep").click();
  await expect(dialogOf(second)).toHaveCount(0);
  await expect(dialogOf(first)).toHaveCount(0);
  await expect(first.locator(".protected")).not.toHaveAttribute("inert", "");
});
