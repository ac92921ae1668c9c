// Writes dist/manifests/<locale>.webmanifest, the web app manifest of each locale prefix
// (issue 30): name and description from that locale's texts (sandbox/content, the texts the
// platform serves), start_url, scope and id at the locale's prefix (`/` for the default
// locale), the icons of public/icons (drawn by scripts/icons.mjs), the colours of styles.css.
// `.webmanifest` is served as application/manifest+json by the sandbox's static files (its
// MIME table). prerender.mjs links the default one from index.html and lets the page's inline
// script switch to the prefix's own before the browser reads it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const app = join(dirname(fileURLToPath(import.meta.url)), "..");
const content = join(app, "..", "sandbox", "content");
export const DEFAULT_LOCALE = "en";
/** The seeded locales and the text file each reads (sandbox/src/seed.rs: es-mx reads es). */
export const LOCALE_TEXTS = { en: "en", "pt-br": "pt-br", es: "es", "es-mx": "es", ru: "ru" };
// styles.css: --bg (the page and the splash behind the icon) and the browser's bar.
const BACKGROUND = "#0f1220";

export function manifest(locale, layout) {
  const scope = locale === DEFAULT_LOCALE ? "/" : `/${locale}/`;
  return {
    id: scope,
    name: layout.brand,
    short_name: layout.brand,
    description: layout["home.subtitle"],
    lang: locale,
    start_url: scope,
    scope,
    display: "standalone",
    theme_color: BACKGROUND,
    background_color: BACKGROUND,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = join(app, "dist", "manifests");
  mkdirSync(out, { recursive: true });
  for (const [locale, file] of Object.entries(LOCALE_TEXTS)) {
    const { layout } = JSON.parse(readFileSync(join(content, `${file}.json`), "utf8"));
    if (!layout?.brand || !layout["home.subtitle"]) throw new Error(`sandbox/content/${file}.json lacks layout.brand or home.subtitle`);
    writeFileSync(join(out, `${locale}.webmanifest`), JSON.stringify(manifest(locale, layout), null, 2));
  }
  console.log(`manifests: ${Object.keys(LOCALE_TEXTS).join(", ")} written to dist/manifests`);
}
