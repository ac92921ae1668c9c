// Registers the service worker (SPEC §7 Other): the offline shell and the last known answers
// (app/scripts/sw.mjs writes /sw.js at build time). After the page has loaded, so it never
// competes with the first paint; a browser without service workers simply has none.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker not registered", error));
  });
}

// The browser's offer to install the app (Chromium's beforeinstallprompt) can come before the
// app's code has loaded: kept here for it (app/src/layout/install/offer.ts), and its own
// mini-infobar held back so the app offers it at its moment (the second visit).
window.addEventListener("beforeinstallprompt", (e) => {
  e.preventDefault();
  window.__installPrompt = e;
});
