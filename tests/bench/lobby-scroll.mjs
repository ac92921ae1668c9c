// Lobby scroll bench (issue 11): a category page's virtualised grid scrolled over 2,000 tiles in
// headless Chromium; prints the frame-time p50/p95/max measured with requestAnimationFrame while
// the page scrolls (wheel steps, as a player's). Numbers only, no assertion. LOBBY_TILES
// (default 2000) scrolls over fewer (the test command's smoke). The last line names the last
// game tile the page drew (its place in the list, counted from 1), which a scroll that went
// nowhere or a grid that stopped drawing leaves short of the tiles scrolled over.
//   node lobby-scroll.mjs <base url>
import { chromium } from "@playwright/test";

const base = process.argv[2];
const TILES = Number(process.env.LOBBY_TILES ?? 2000);
if (!Number.isInteger(TILES) || TILES < 1) throw new Error(`LOBBY_TILES must be a positive whole number, not ${process.env.LOBBY_TILES}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // A visitor who has answered the cookie question (as the e2e fixtures): the question's modal
  // locks the page's scroll, and the wheel would then move nothing (session 42 found the bench
  // measuring a still page).
  await page.addInitScript(() => localStorage.setItem("cookieConsent", "analytics=0;marketing=0"));
  await page.goto(`${base}/games/slots`);
  await page.getByTestId("game-grid").waitFor();
  await page.getByTestId("game-tile").first().waitFor();
  await page.getByTestId("preloader").waitFor({ state: "detached", timeout: 15_000 });
  const { cols, rowH } = await page.evaluate(() => {
    const tiles = [...document.querySelectorAll("[data-testid=game-grid] > [role=listitem]")];
    const top = tiles.map((t) => t.getBoundingClientRect().top);
    const first = top[0];
    return { cols: top.filter((t) => t === first).length, rowH: (top.find((t) => t > first) ?? first + 200) - first };
  });
  const distance = Math.ceil(TILES / cols) * rowH;
  await page.evaluate(() => {
    const w = window;
    w.frames = [];
    let last = performance.now();
    const tick = (t) => {
      w.frames.push(t - last);
      last = t;
      if (!w.stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const step = 120;
  for (let y = 0; y < distance; y += step) {
    await page.mouse.wheel(0, step);
    await page.waitForTimeout(16);
  }
  const frames = await page.evaluate(() => {
    window.stopFrames = true;
    return window.frames.slice(2);
  });
  const tiles = await page.getByTestId("game-tile").count();
  // The last real tile drawn (not a skeleton), by its place in the grid: row from its top, column
  // from its left, as GameGrid lays them out. The core answers the last window asynchronously.
  const lastDrawn = () =>
    page.evaluate(({ cols, rowH }) => {
      const grid = document.querySelector("[data-testid=game-grid]");
      const cells = [...grid.querySelectorAll(":scope > [role=listitem]")].filter((c) => c.querySelector("[data-testid=game-tile]"));
      const colW = cells.length > 0 ? Math.max(...cells.map((c) => parseFloat(c.style.left))) / Math.max(1, cols - 1) : 0;
      const place = (c) => Math.round(parseFloat(c.style.top) / rowH) * cols + (colW > 0 ? Math.round(parseFloat(c.style.left) / colW) : 0) + 1;
      return { last: Math.max(0, ...cells.map(place)), total: Number(grid.dataset.total) };
    }, { cols, rowH });
  let drawn = await lastDrawn();
  for (let i = 0; i < 50 && drawn.last < TILES; i++) {
    await page.waitForTimeout(100);
    drawn = await lastDrawn();
  }
  frames.sort((a, b) => a - b);
  const p = (q) => frames[Math.min(frames.length - 1, Math.floor((frames.length - 1) * q))];
  console.log(
    `lobby scroll: ${Math.ceil(TILES / cols) * cols} tiles (${cols} per row) over ${distance} px, ${frames.length} frames; frame time p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${frames[frames.length - 1].toFixed(1)} ms; ${tiles} tiles in the page at the end, the last drawn #${drawn.last} of ${drawn.total}`,
  );
} finally {
  await browser.close();
}
