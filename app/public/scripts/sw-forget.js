// Imported by the service worker (app/scripts/sw.mjs): deletes the API answers it kept for the
// player whose bearer token `request` carries (keys carry `__who=p{sub}`, never the token).
self.croupierForget = async (request) => {
  const payload = (request.headers.get("authorization") || "").match(/^Bearer [^.]+\.([^.]+)\./);
  if (!payload) return;
  let who;
  try {
    who = `p${JSON.parse(atob(payload[1].replace(/-/g, "+").replace(/_/g, "/"))).sub}`;
  } catch {
    // A token we cannot read: nothing of it was kept under a player either.
    return;
  }
  const cache = await caches.open("croupier-api");
  for (const key of await cache.keys()) {
    if (new URL(key.url).searchParams.get("__who") === who) await cache.delete(key);
  }
};
