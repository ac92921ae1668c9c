// Issue 16: an operator points the built app at their platform with config.json, no rebuild.
import { expect, test } from "./fixtures";

const url = (path: string) => `${process.env.BASE_URL}${path}`;

test("the sportsbook script and the socket address come from config.json", async ({ page }) => {
  await page.route("**/config.json", async (route) => {
    const built = await (await route.fetch()).json();
    await route.fulfill({
      json: {
        ...built,
        sportsbookScripts: { ...built.sportsbookScripts, sandbox: "/sportsbook/sdk.js?via=config" },
        realtimeUrl: "/api/connection/websocket?via=config",
      },
    });
  });
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  const script = page.waitForRequest((r) => r.url().endsWith("/sportsbook/sdk.js?via=config"));
  await page.goto(url("/sport"));
  await script;
  await expect.poll(() => sockets.some((s) => s.endsWith("/api/connection/websocket?via=config"))).toBe(true);
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
});

test("a broken config.json leaves the build's defaults: the product still works", async ({ page }) => {
  await page.route("**/config.json", (route) => route.fulfill({ body: "{not json", contentType: "application/json" }));
  const script = page.waitForRequest((r) => r.url().endsWith("/sportsbook/sdk.js"));
  await page.goto(url("/sport"));
  await script;
  await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
});
