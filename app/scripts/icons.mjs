// Draws the app's PNG icons into public/icons (run by hand when the mark changes; the PNGs are
// committed as sources): the favicon's mark, a dark "C" ring on the accent gold (app/index.html,
// styles.css --accent and --bg). `icon-*.png` are rounded squares on transparent corners;
// `maskable-512.png` is full-bleed, its mark inside the central 80% circle that every mask keeps.
// Plain node: zlib writes the PNG's compressed data, nothing is downloaded.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
const GOLD = [0xf5, 0xb8, 0x3d];
const INK = [0x0f, 0x12, 0x20];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/** One icon: `inside(x, y)` in unit coordinates says background (gold) or not; the ring is ink.
 * 4×4 samples a pixel smooth the edges. */
function draw(size, { radius, ring }) {
  const rgba = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let ink = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const u = (x + (sx + 0.5) / S) / size;
          const v = (y + (sy + 0.5) / S) / size;
          // Rounded square of corner `radius` (0 = full bleed).
          const cx = Math.min(Math.max(u, radius), 1 - radius);
          const cy = Math.min(Math.max(v, radius), 1 - radius);
          if (Math.hypot(u - cx, v - cy) > radius) continue;
          bg++;
          // The "C": a ring open to the right (±40°).
          const du = u - 0.5;
          const dv = v - 0.5;
          const r = Math.hypot(du, dv);
          const open = Math.abs(Math.atan2(dv, du)) < (40 * Math.PI) / 180;
          if (r >= ring[0] && r <= ring[1] && !open) ink++;
        }
      const i = (y * size + x) * 4;
      const a = bg / (S * S);
      const t = bg ? ink / bg : 0;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(GOLD[c] * (1 - t) + INK[c] * t);
      rgba[i + 3] = Math.round(a * 255);
    }
  return png(size, rgba);
}

const plain = { radius: 0.22, ring: [0.2, 0.32] };
writeFileSync(join(out, "icon-192.png"), draw(192, plain));
writeFileSync(join(out, "icon-512.png"), draw(512, plain));
// The safe zone is the circle of radius 0.4: the ring's outside stays within 0.28.
writeFileSync(join(out, "maskable-512.png"), draw(512, { radius: 0, ring: [0.17, 0.27] }));
console.log(`icons written to ${out}`);
