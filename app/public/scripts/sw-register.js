// Registers the service worker (SPEC §7 Other): the offline shell and the last known answers
// (app/scripts/sw.mjs writes /sw.js at build time). After the page has loaded, so it never
// competes with the first paint; a browser without service workers simply has none.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker not registered", error));
  });
}
