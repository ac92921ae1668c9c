// The search bench's measurements, shared by Node and Chromium (search-bench.mjs,
// browser.html): the same catalogue, the same labelled queries, the same keystrokes for the
// core's search (wasm), Fuse.js and uFuzzy. Prints nothing; returns numbers.

/** The games of SPEC §7 `games` answers, one JSON page a line (what the core's index sweep
 * reads). A line that is not a page stops the bench: nothing may shrink the list silently. */
export function readCatalogue(text) {
  const games = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const page = JSON.parse(line);
    if (!Array.isArray(page.data)) throw new Error(`not a games page: ${line.slice(0, 80)}`);
    for (const g of page.data) games.push({ identity: g.identity, name: g.name, provider: g.provider?.name ?? "" });
  }
  return games;
}

export function slug(s) {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The keystrokes timed per query: the whole query and the one before it (every engine gets
 * the same list; Fuse.js is too slow for every prefix of 200 queries). */
export function keystrokes(queries) {
  const out = [];
  for (const { query } of queries) {
    out.push(query);
    if (query.length > 3) out.push(query.slice(0, -1));
  }
  return out;
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { p50: pct(s, 0.5), p95: pct(s, 0.95), n: s.length };
}

/** engines: { core, fuse, ufuzzy } each `{ build(): void, search(q): string[] (identities),
 * count(): number (the games it holds) }`. */
export function run(engines, queries, now, memory) {
  const result = {};
  const strokes = keystrokes(queries);
  for (const [name, e] of Object.entries(engines)) {
    const m0 = memory();
    const t0 = now();
    e.build();
    const buildMs = now() - t0;
    const mem = memory() - m0;
    // Warm-up (JIT, caches), not timed.
    for (const q of strokes.slice(0, 20)) e.search(q);
    const times = [];
    for (const q of strokes) {
      const a = now();
      e.search(q);
      times.push(now() - a);
    }
    let hits = 0;
    for (const { query, expect } of queries) if (e.search(query).slice(0, 10).includes(expect)) hits++;
    result[name] = { ...stats(times), buildMs, memBytes: mem, recall: (100 * hits) / queries.length, items: e.count() };
  }
  return result;
}

/** The three engines over `games` (Fuse and uFuzzy with the options their docs give for
 * typo-tolerant search). */
export function engines({ SearchBench, Fuse, uFuzzy, text, games }) {
  let core, fuse, uf, hay;
  return {
    core: {
      build: () => {
        core = new SearchBench(text);
      },
      search: (q) => Array.from(core.search(q, 10), (i) => core.identity(i)),
      count: () => core.games(),
    },
    fuse: {
      build: () => {
        fuse = new Fuse(games, { keys: ["name", "provider"], threshold: 0.4, ignoreLocation: true, ignoreDiacritics: true });
      },
      search: (q) => fuse.search(q, { limit: 10 }).map((r) => r.item.identity),
      count: () => fuse.getIndex().size(),
    },
    ufuzzy: {
      build: () => {
        uf = new uFuzzy({ intraMode: 1, intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1 });
        hay = games.map((g) => `${g.name} ${g.provider}`);
      },
      search: (q) => {
        const [idxs, info, order] = uf.search(hay, uFuzzy.latinize([q])[0], 1, 1e3);
        if (!idxs) return [];
        if (order && info) return order.slice(0, 10).map((o) => games[info.idx[o]].identity);
        return idxs.slice(0, 10).map((i) => games[i].identity);
      },
      count: () => hay.length,
    },
  };
}
