// Imported by the service worker (app/scripts/sw.mjs): deletes the API answers it kept for the
// player whose bearer token `request` carries (keys carry `__who=p{sub}`, never the token).
//
// The session's tokens that ended here (signed out, refused): an answer to a call made with one
// of them before the end can still arrive after the purge (a page left mid-call: the worker
// finishes the fetch), and must not be kept again. In the worker's memory only, for as long as
// it runs; a refused token never becomes good again.
self.croupierEnded = new Set();

self.croupierEndedToken = (request) => {
  const auth = request.headers.get("authorization") || "";
  return auth.startsWith("Bearer ") && self.croupierEnded.has(auth.slice(7));
};

self.croupierForget = async (request) => {
  const auth = request.headers.get("authorization") || "";
  const payload = auth.match(/^Bearer [^.]+\.([^.]+)\./);
  if (!payload) return;
  self.croupierEnded.add(auth.slice(7));
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
