// The header on phones (issue 29 "Looks"): at 320, 360, 390 and 414 px, signed in and out, in
// English and Portuguese (longer labels), no two header controls overlap and nothing is wider
// than the screen. A player's balance, deposit, bell and sign-out sit beside the logo (or, on the
// narrowest phones, in its place), never over it.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { control, register, signedIn, url, type Player } from "./player";

const WIDTHS = [320, 360, 390, 414];
const PAGES = ["/games", "/pt-br/wallet"];

type Box = { name: string; x: number; y: number; w: number; h: number };

/** The visible controls of the banner (links, buttons, fields), each with its box; a control
 * inside another one (a button in a link) is left to its outer control. */
async function controls(page: Page): Promise<Box[]> {
  return page.getByRole("banner").evaluate((banner) => {
    const sel = "a, button, select, input, [role=button], [tabindex='0']";
    const all = [...banner.querySelectorAll<HTMLElement>(sel)];
    // What a control draws: its box and every drawn box inside it (a link shrunk to nothing
    // still draws its avatar, over its neighbour).
    const drawn = (el: Element, r: DOMRect) => {
      let [x0, y0, x1, y1] = r.width > 0 && r.height > 0 ? [r.left, r.top, r.right, r.bottom] : [Infinity, Infinity, -Infinity, -Infinity];
      for (const d of el.querySelectorAll("*")) {
        const b = d.getBoundingClientRect();
        if (b.width > 0 && b.height > 0 && getComputedStyle(d).visibility !== "hidden") {
          [x0, y0, x1, y1] = [Math.min(x0, b.left), Math.min(y0, b.top), Math.max(x1, b.right), Math.max(y1, b.bottom)];
        }
      }
      return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    };
    return all
      .filter((el) => !all.some((o) => o !== el && o.contains(el)))
      .map((el) => ({ el, r: el.getBoundingClientRect(), s: getComputedStyle(el) }))
      .filter(({ el, r, s }) => s.display !== "none" && s.visibility !== "hidden" && s.opacity !== "0" && (r.width > 0 || el.childElementCount > 0))
      .map(({ el, r }) => ({ el, r: drawn(el, r) }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ el, r }) => ({
        name: (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().slice(0, 30),
        x: r.x,
        y: r.y,
        w: r.width,
        h: r.height,
      }));
  });
}

/** Every overlap of two controls, and every control past either edge of the screen. */
function faults(boxes: Box[], width: number): string[] {
  const out: string[] = [];
  boxes.forEach((a, i) => {
    if (a.x < -0.5 || a.x + a.w > width + 0.5) out.push(`"${a.name}" leaves the screen (${a.x}..${a.x + a.w})`);
    for (const b of boxes.slice(i + 1)) {
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) out.push(`"${a.name}" overlaps "${b.name}" by ${dx.toFixed(1)}x${dy.toFixed(1)} px`);
    }
  });
  return out;
}

async function check(page: Page, who: string) {
  const problems: string[] = [];
  for (const path of PAGES) {
    await page.goto(url(path));
    await expect(page.locator(".shell")).toHaveAttribute("data-core", "ready");
    // The preloader covers the frame until the page is ready (a Portuguese page waits for its texts).
    await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
    const signOut = page.getByRole("banner").locator(".sign-out-btn");
    if (who === "player") await expect(signOut).toBeVisible();
    else await expect(signOut).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // The app reads the width 50 ms after a resize (SPEC §9): the phone's layout (its bottom
      // bar) has come before the header is measured.
      await expect(page.locator(".bottom-nav")).toBeVisible();
      // The account switcher arrives as its own chunk: wait for the frame to settle.
      if (who === "player") await expect(page.getByRole("banner").locator(".switcher")).toBeVisible();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const label = `${who} ${path} ${width}px`;
      const boxes = await controls(page);
      // Never a vacuous pass: the menu and the account's (or the guest's sign-in) controls are there.
      expect(boxes.map((b) => b.name)).toContain("Menu");
      expect(boxes.length, label).toBeGreaterThanOrEqual(who === "player" ? 5 : 3);
      problems.push(...faults(boxes, width).map((f) => `${label}: ${f}`));
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) problems.push(`${label}: the page is ${scroll} px wide`);
      await page.screenshot({
        path: test.info().outputPath(`header-${who}-${path.replaceAll("/", "_")}-${width}.png`),
        clip: { x: 0, y: 0, width, height: 64 },
      });
    }
  }
  expect(problems).toEqual([]);
}

/** Real spins until a few have won: the lobby's winners ticker (a long row) is then on /games,
 * as it is on a live casino. The slot pays on 11 outcomes in 36, so a few dozen spins do. */
async function winSome(request: APIRequestContext, player: Player) {
  const auth = { Authorization: `Bearer ${player.token}` };
  await control(request, "balance", { email: player.email, balance: "5000.00" });
  const launch = await request.post(url("/api/game/games/gates-of-olympus/play"), { headers: auth });
  expect(launch.ok(), await launch.text()).toBeTruthy();
  const token = ((await launch.json()) as { url: string }).url.split("/").pop();
  let wins = 0;
  for (let spin = 0; spin < 200 && wins < 4; spin++) {
    const res = await request.post(url(`/api/game/slot/${token}/spin`), { headers: auth, data: { bet: "100.00" } });
    expect(res.ok(), await res.text()).toBeTruthy();
    if (Number(((await res.json()) as { win: string }).win) > 100) wins++;
  }
  expect(wins, "the slot paid out").toBe(4);
}

test("a guest's phone header: no control over another, nothing off the screen", async ({ page, request }) => {
  await winSome(request, await register(request, "hdrwin"));
  await page.goto(url("/games"));
  await expect(page.getByTestId("winners")).toBeVisible();
  await check(page, "guest");
});

test("a player's phone header: no control over another, nothing off the screen", async ({ page, request }) => {
  await signedIn(page, await register(request, "hdr"), "/games");
  await check(page, "player");
});

test("a player's header keeps the logo beside the balance from 375 px up", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedIn(page, await register(request, "hdr"), "/wallet");
  const header = page.getByRole("banner");
  await expect(header.locator(".switcher")).toBeVisible();
  const logo = (await header.getByRole("link", { name: "Croupier" }).boundingBox())!;
  const switcher = (await header.locator(".switcher").boundingBox())!;
  expect(logo.x + logo.width, "the balance starts after the logo").toBeLessThanOrEqual(switcher.x);
});
