// Lobby scroll bench (issue 11): a category page's virtualised grid scrolled over 2,000 tiles in
// headless Chromium; prints the frame-time p50/p95/max measured with requestAnimationFrame while
// the page scrolls (wheel steps, as a player's). Numbers only, no assertion.
//   node lobby-scroll.mjs <base url>
import { chromium } from "@playwright/test";

const base = process.argv[2];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
  const distance = Math.ceil(2000 / cols) * rowH;
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
  frames.sort((a, b) => a - b);
  const p = (q) => frames[Math.min(frames.length - 1, Math.floor((frames.length - 1) * q))];
  console.log(
    `lobby scroll: ${Math.ceil(2000 / cols) * cols} tiles (${cols} per row) over ${distance} px, ${frames.length} frames; frame time p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${frames[frames.length - 1].toFixed(1)} ms; ${tiles} tiles in the page at the end`,
  );
} finally {
  await browser.close();
}
