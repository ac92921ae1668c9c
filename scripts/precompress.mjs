// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip -9) beside every compressible file of a
// built app (default app/dist), so the sandbox serves them without compressing per request
// (tower-http ServeDir precompressed_br/precompressed_gzip). Run by build_product.
import { readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const dir = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "app", "dist"));
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|json|svg|txt|tsv|map)$/;

function* files(d) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(e.name)) yield p;
  }
}

let count = 0;
for (const path of files(dir)) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: statSync(path).size,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompress: ${count} files in ${dir} (.br and .gz written beside each)`);
