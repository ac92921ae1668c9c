// The search bench's measurements, shared by Node and Chromium (search-bench.mjs,
// browser.html): the same catalogue, the same labelled queries, the same keystrokes for the
// core's search (wasm), Fuse.js and uFuzzy. Prints nothing; returns numbers.

/** Game rows of the compact catalogue (docs/API.md "Games catalogue"). A line it does not
 * understand stops the bench: a format that grew must not shrink the catalogue silently. */
export function readCatalogue(text, slug) {
  const providers = [];
  const games = [];
  for (const line of text.split("\n").slice(1)) {
    if (line === "") continue;
    const f = line.split("\t");
    if (f[0] === "P" && f.length === 4) providers.push(f[3]);
    else if (f[0] === "C" || f[0] === "F") continue;
    // identity, name, provider index, collections, features, flags, then optional fields
    // (the numeric id when it is not the previous one + 1).
    else if (f.length >= 6) games.push({ identity: f[0] || slug(f[1]), name: f[1], provider: providers[Number(f[2])] ?? "" });
    else throw new Error(`catalogue line not understood: ${JSON.stringify(line)}`);
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

/** engines: { core, fuse, ufuzzy } each `{ build(): void, search(q): string[] (identities) }`. */
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
    result[name] = { ...stats(times), buildMs, memBytes: mem, recall: (100 * hits) / queries.length };
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
    },
    fuse: {
      build: () => {
        fuse = new Fuse(games, { keys: ["name", "provider"], threshold: 0.4, ignoreLocation: true, ignoreDiacritics: true });
      },
      search: (q) => fuse.search(q, { limit: 10 }).map((r) => r.item.identity),
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
    },
  };
}
