// Writes the labelled query set of the search bench (search-queries.json) from the sandbox
// games: 200 queries, each naming one game the way a player types it (typos, missing or
// extra accents, another word order, "of"/"the" left out, half-typed). Deterministic; run once,
// the output is kept in the repo: `node make-queries.mjs pages.jsonl > search-queries.json`
// (pages.jsonl: the SPEC §7 games pages scripts/bench-search.sh writes to target/bench-search).
import { readFileSync } from "node:fs";
import { readCatalogue } from "./search-core.mjs";

const games = readCatalogue(readFileSync(process.argv[2], "utf8")).map(({ name, identity }) => ({ name, identity }));
function slug(s) {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
let seed = 7;
const rnd = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const longWord = (words) => words.findIndex((w) => w.length >= 5);
const transforms = [
  (w) => w.join(" ").toLowerCase(),
  (w) => {
    const i = longWord(w);
    if (i < 0) return null;
    const p = 1 + rnd(w[i].length - 2);
    w[i] = w[i].slice(0, p) + w[i].slice(p + 1);
    return w.join(" ").toLowerCase();
  },
  (w) => {
    const i = longWord(w);
    if (i < 0) return null;
    const p = 1 + rnd(w[i].length - 3);
    w[i] = w[i].slice(0, p) + w[i][p + 1] + w[i][p] + w[i].slice(p + 2);
    return w.join(" ").toLowerCase();
  },
  (w) => (w.length >= 2 ? [...w].reverse().join(" ").toLowerCase() : null),
  (w) => {
    const kept = w.filter((x) => !["of", "the", "and"].includes(x.toLowerCase()));
    return kept.length >= 2 && kept.length < w.length ? kept.join(" ").toLowerCase() : null;
  },
  (w) => {
    const i = longWord(w);
    if (i < 0) return null;
    const vowels = "aeiou";
    const p = [...w[i]].findIndex((c, k) => k > 0 && vowels.includes(c));
    if (p < 0) return null;
    w[i] = w[i].slice(0, p) + vowels[(vowels.indexOf(w[i][p]) + 1) % 5] + w[i].slice(p + 1);
    return w.join(" ").toLowerCase();
  },
  (w) => {
    const s = w.join(" ");
    const folded = s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    if (folded !== s) return folded.toLowerCase();
    return s.replace(/e/, "é").replace(/a/, "á");
  },
  (w) => {
    const s = w.join(" ").toLowerCase();
    return s.length >= 8 ? s.slice(0, Math.ceil(s.length * 0.7)) : null;
  },
];
const out = [];
const used = new Set();
// The famous titles first (the first 40 of the catalogue), then a spread over the rest.
const picks = [...games.slice(0, 40), ...Array.from({ length: 400 }, (_, i) => games[40 + ((i * 997) % (games.length - 40))])];
for (const g of picks) {
  if (out.length >= 200 || used.has(g.identity)) continue;
  const t = transforms[out.length % transforms.length];
  const q = t(g.name.split(/\s+/));
  if (!q || q.trim().length < 3) continue;
  used.add(g.identity);
  out.push({ query: q, expect: g.identity, kind: ["exact", "missing letter", "swapped letters", "word order", "no of/the", "wrong vowel", "accents", "half typed"][out.length % transforms.length] });
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
