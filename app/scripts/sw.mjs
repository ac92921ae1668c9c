// Writes dist/sw.js, the service worker (SPEC §7 Other: registered by /scripts/sw-register.js),
// with Workbox's generateSW:
// - precaches the shell (index.html), every hashed asset (JS, CSS, the core's wasm, the phone
//   plans) so a returning player opens the app offline;
// - page loads go to the network first, so a new build's index.html is picked up by the next
//   full load (the version check, SPEC §4), and fall back to the precached shell offline;
// - the platform's GET answers (texts, settings, lobby, wallet, profile, …) go to the network
//   first and are kept per player (the token's `sub`, never the token) for offline use; an
//   answer served from that cache carries `x-croupier-cached-at` (ms), which the core shows as
//   "offline, data from …" (core/src/runtime/http.rs);
// - config.json goes to the network first too (an operator's change is seen at once).
// Writes, the websocket, the control API and builds/latest.json are never cached. Signing out
// (the logout call, or a refresh the server refuses) deletes that player's copies.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSW } from "workbox-build";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  // The manifests and icons too: the installed app's icon and name are there offline.
  globPatterns: ["index.html", "assets/**/*", "manifests/*.webmanifest", "icons/*.png"],
  globIgnores: ["**/*.br", "**/*.gz"],
  swDest: join(dist, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  importScripts: ["/scripts/sw-forget.js"],
  cleanupOutdatedCaches: true,
  // The first visit's page is controlled at once, so its answers are kept for the next offline one.
  clientsClaim: true,
  // Hashed names: no cache-busting query needed.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  runtimeCaching: [
    {
      urlPattern: ({ request }) => request.mode === "navigate",
      handler: "NetworkFirst",
      options: { cacheName: "croupier-pages", precacheFallback: { fallbackURL: "index.html" } },
    },
    {
      // The session's end: a sign-out, or a refresh the server refuses (the session is gone:
      // revoked, expired, closed from another device). Either deletes that player's copies.
      urlPattern: ({ url }) => url.pathname === "/api/player/sessions/logout" || url.pathname === "/api/player/sessions/refresh",
      handler: "NetworkOnly",
      method: "POST",
      options: {
        plugins: [
          {
            // Functions here are copied into sw.js on their own; the purge is public/scripts/sw-forget.js.
            // Called once the call is over, answered or not (a sign-out offline still purges).
            handlerDidComplete: async ({ request, response }) => {
              const refused = response && (response.status === 401 || response.status === 403);
              if (request.url.endsWith("/logout") || refused) await self.croupierForget(request);
            },
          },
        ],
      },
    },
    {
      urlPattern: ({ url }) => url.pathname === "/config.json",
      handler: "NetworkFirst",
      options: { cacheName: "croupier-config" },
    },
    {
      urlPattern: ({ url, request }) =>
        request.method === "GET" &&
        url.pathname.startsWith("/api/") &&
        !url.pathname.startsWith("/api/_control/") &&
        url.pathname !== "/api/connection/websocket",
      handler: "NetworkFirst",
      method: "GET",
      options: {
        cacheName: "croupier-api",
        expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
        plugins: [
          {
            // One entry per player: the token's subject, never the token itself.
            cacheKeyWillBeUsed: async ({ request }) => {
              const auth = request.headers.get("authorization") || "";
              const payload = auth.match(/^Bearer [^.]+\.([^.]+)\./);
              let who = "guest";
              if (payload) {
                try {
                  const claims = JSON.parse(atob(payload[1].replace(/-/g, "+").replace(/_/g, "/")));
                  who = `p${claims.sub}`;
                } catch {
                  who = "unknown";
                }
              }
              const key = new URL(request.url);
              key.searchParams.set("__who", who);
              return key.href;
            },
            // Only whole answers are kept, stamped with the time they were kept. A token the
            // server refuses (401) belongs to a session that is gone: its copies go too.
            cacheWillUpdate: async ({ request, response }) => {
              if (response && response.status === 401) await self.croupierForget(request);
              if (!response || response.status !== 200) return null;
              // Asked before its session ended here and answered after the purge: not kept.
              if (self.croupierEndedToken(request)) return null;
              const headers = new Headers(response.headers);
              headers.set("x-croupier-cached-at", String(Date.now()));
              return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
            },
          },
        ],
      },
    },
  ],
});
for (const w of warnings) console.warn(`sw: ${w}`);
console.log(`sw: dist/sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KiB`);
