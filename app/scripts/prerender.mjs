// Writes the first-time guest's home into dist/index.html (desktop and mobile variants as
// <template>s, one chosen by an inline script before the first paint), so the hero (the page's
// largest paint) is drawn from the HTML alone, not after the JS chunks arrive; the same for a
// returning player's wallet frame (prerender.tsx EARLY_PLAYER_PAGES). React then renders the
// same tree over it. Any other visit gets the empty root.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { DEFAULT_LOCALE, LOCALE_TEXTS } from "./manifests.mjs";

const app = join(dirname(fileURLToPath(import.meta.url)), "..");
// React's static renderer for the HTML (vite.config.ts: the page itself runs on preact/compat).
process.env.CROUPIER_PRERENDER = "1";
const server = await createServer({
  root: app,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
});
try {
  const { renderEarlyHome } = await server.ssrLoadModule("/src/prerender.tsx");
  const home = await renderEarlyHome();
  const file = join(app, "dist", "index.html");
  let html = readFileSync(file, "utf8");
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`${file} has no empty ${root}`);
  // Anything but the guest's home waits for the core (its page needs the core's data): fetch the
  // core's chunk and wasm with the HTML instead of after the JS that imports them.
  const asset = (test, what) => {
    const found = readdirSync(join(app, "dist", "assets")).filter(test);
    if (found.length !== 1) throw new Error(`expected one ${what} in dist/assets, found ${found.length}`);
    return `/assets/${found[0]}`;
  };
  const bridge = asset((f) => /^bridge-.*\.js$/.test(f), "core bridge chunk");
  // The main module only: the lazily loaded groups' chunks (split_*.wasm, chunk_*.wasm) come
  // when the core asks for them.
  const wasm = asset((f) => /^croupier_core_bg.*\.wasm$/.test(f), "main wasm");
  // The app's entry script and its module preloads leave the head: the picker asks for them,
  // at once where the page needs them to paint anything, and after the first paint on the
  // guest's home, so that on a slow link they never share the bandwidth with the HTML's own
  // paint (the CSS and the hero).
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const entry = html.match(entryTag)?.[1];
  if (!entry) throw new Error(`${file} has no module entry script`);
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const preloads = [...html.matchAll(preloadTag)].map((m) => m[1]);
  html = html.replace(entryTag, "").replace(preloadTag, "");
  // The web app manifest (scripts/manifests.mjs) of the address's locale prefix: one index.html
  // serves every prefix, so a script in the head writes the link once, with its final href.
  // A link switched later (it was the default locale's, changed by the picker in the body) can
  // be read by the browser in between: Chromium then kept the default locale's manifest for
  // `/pt-br/` (pwa.spec, CI of stops 36 and 44).
  const prefixed = Object.keys(LOCALE_TEXTS).filter((l) => l !== DEFAULT_LOCALE);
  const manifest =
    `(function(){var d=document,lc=location.pathname.split("/")[1].toLowerCase(),m=d.createElement("link");` +
    `m.rel="manifest";m.href="/manifests/"+(${JSON.stringify(prefixed)}.indexOf(lc)>=0?lc:${JSON.stringify(DEFAULT_LOCALE)})+".webmanifest";` +
    `d.head.appendChild(m)})()`;
  if (!html.includes("</title>")) throw new Error(`${file} has no <title>`);
  html = html.replace("</title>", () => `</title>\n    <script>${manifest}</script>`);
  const pick =
    `(function(){var d=document,p=${JSON.stringify(home.homePath)},c=${JSON.stringify(home.tokenCookie)},j=0;` +
    `function l(r,h,a){var e=d.createElement("link");e.rel=r;e.href=h;e.crossOrigin="anonymous";if(a)e.as=a;d.head.appendChild(e)}` +
    `function js(){if(j++)return;${JSON.stringify(preloads)}.forEach(function(h){l("modulepreload",h)});` +
    `var s=d.createElement("script");s.type="module";s.crossOrigin="anonymous";s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    `function core(){js();l("modulepreload",${JSON.stringify(bridge)});l("preload",${JSON.stringify(wasm)},"fetch")}` +
    // Opened by the messenger (its launch data in the hash): the mini-app signs in from it, so
    // the guest's home (sign-in buttons) would only flash before the player's page.
    `if(location.hash.indexOf("tgWebAppData=")>=0)return core();` +
    `var si=d.cookie.split(";").some(function(s){var k=s.trim().split("=");return k[0]===c&&!!k[1]});` +
    // A returning player's page whose frame the HTML holds is placed like the guest's home;
    // another that the shell paints before the core: the core's code is asked for once that
    // paint is on screen (main.tsx), not beside the JS it needs to paint.
    `var l0=location.pathname,k=si?(${JSON.stringify(Object.keys(home.playerPages))}.indexOf(l0)>=0?l0:null):(l0===p?"":null);` +
    `if(k===null&&si&&${JSON.stringify(home.staticPaths)}.indexOf(l0)>=0)return js();` +
    `if(k===null)return core();` +
    `var t=d.getElementById((innerWidth<=${home.mobileMaxWidth}?"early-mobile":"early-desktop")+k);` +
    `var r=d.getElementById("root");r.appendChild(t.content.cloneNode(true));` +
    // Once the page's largest paint is on screen (the hero's artwork on the home): as the
    // browser reports it, else two frames on; a timer too (a hidden tab paints nothing). Asked
    // for earlier, the JS shares the link with that paint (Lighthouse counts any request begun
    // before the largest paint as holding it back; the frame's own task is still before it).
    `var im=r.querySelector("img[fetchpriority=high]"),P=window.PerformanceObserver;` +
    `if(P&&(P.supportedEntryTypes||[]).indexOf("largest-contentful-paint")>=0){` +
    `var o=new P(function(l){if(l.getEntries().some(function(e){return!im||e.element===im})){o.disconnect();setTimeout(js,0)}});` +
    `o.observe({type:"largest-contentful-paint",buffered:true})}` +
    `else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(js,0)})});setTimeout(js,200);` +
    // A button pressed before React has drawn over the HTML is remembered (its place in the
    // tree and its text) and pressed again by the app once it has (app/src/core/earlyClick.ts).
    // A press begun on the HTML is remembered too: when React draws between the press and the
    // release, the browser fires no click (its button is gone) and the app finishes it.
    `function eb(e){if(!r.querySelector('[data-core="html"]'))return;` +
    `var b=e.target.closest&&e.target.closest("button");if(!b||!r.contains(b))return;` +
    `for(var p=[],n=b;n!==r;n=n.parentNode)p.unshift([].indexOf.call(n.parentNode.children,n));` +
    `return{path:p,text:b.textContent}}` +
    `r.addEventListener("pointerdown",function(e){window.__earlyPress=eb(e)},true);` +
    `r.addEventListener("click",function(e){var c=eb(e);if(c)window.__earlyClick=c},true)})()`;
  // The HTML's shell says `data-core="html"` until React draws the same tree over it (then
  // "loading", then "ready"): its buttons do nothing yet, and tests can tell the two apart.
  // React puts a preload link for a high-priority image (the hero's artwork) before the tree:
  // dropped, so the root holds the shell alone as React's own render does (a button's place in
  // the tree is how an early click is replayed); the image itself is fetched as the template
  // is placed.
  const mark = (variant) => {
    if (!variant.includes('data-core="loading"')) throw new Error("the prerendered shell has no data-core mark");
    return variant.replace(/^(<link [^>]*>)+/, "").replace('data-core="loading"', 'data-core="html"');
  };
  // The home's variants are `early-desktop`/`early-mobile`, a player page's the same with its path.
  const templates = (variants, path) =>
    `<template id="early-desktop${path}">${mark(variants.desktop)}</template>` +
    `<template id="early-mobile${path}">${mark(variants.mobile)}</template>`;
  const pages = Object.entries(home.playerPages).map(([path, variants]) => templates(variants, path));
  const early = `${root}\n    ${templates(home, "")}${pages.join("")}\n    <script>${pick}</script>`;
  // A function, so a `$` in the page's text is never read as a replacement pattern.
  writeFileSync(file, html.replace(root, () => early));
  console.log(`prerender: home written into index.html (desktop ${home.desktop.length} B, mobile ${home.mobile.length} B)`);
  for (const [path, v] of Object.entries(home.playerPages)) console.log(`prerender: ${path} (desktop ${v.desktop.length} B, mobile ${v.mobile.length} B)`);
} finally {
  await server.close();
}
