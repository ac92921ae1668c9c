import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { CrashBoundary } from "./CrashBoundary";
import { reportCrash } from "./core/crash";
import { finishEarlyPress, keepEarlyFocus, replayWhenDrawn } from "./core/earlyClick";
import { fetchRuntimeConfig } from "./core/runtimeConfig";
import { traced } from "./core/steps";
import { firstPaintView, useCore } from "./core/store";
import { installMiniapp } from "./features/miniapp/chrome";
import { launchData } from "./features/miniapp/telegram";
import { preloadPage } from "./pages/registry";
import { ignoreClicksOnDisabledControls } from "./ui/disabledControls";
import "./styles.css";
// The lobby is on the prerendered home: its layout must be styled from the first paint.
import "./features/games/games.css";
// So is the profile's hub (a returning player's /profile, prerender.tsx EARLY_PLAYER_PAGES).
import "./features/profile/hub.css";

/** The messenger's WebApp script, at the address it documents. */
const MESSENGER_SCRIPT = "https://telegram.org/js/telegram-web-app.js";

/** Opened inside the messenger (its launch data in the address) without its WebApp object yet:
 * fetch the messenger's script first, which the website never loads. A failure leaves the
 * website (logged). */
function messengerScript(): Promise<void> | undefined {
  if (window.Telegram?.WebApp || !/(^#|&)tgWebAppData=/.test(location.hash)) return undefined;
  return new Promise((done) => {
    const tag = document.createElement("script");
    tag.src = MESSENGER_SCRIPT;
    tag.onload = () => done();
    tag.onerror = () => {
      console.warn("the messenger's WebApp script did not load; running as the website");
      done();
    };
    document.head.appendChild(tag);
  });
}

function boot() {
  ignoreClicksOnDisabledControls();
  // First paint does not wait for the wasm: when the shell can draw the page from the bundled
  // texts (a guest's home), it does so now; the core's code is fetched meanwhile and takes over
  // the store when it arrives. Clicks made before then are queued, not lost.
  // Inside the messenger: its frame (full screen, colours, insets) before anything is drawn, and
  // no guest page painted early (the messenger signs the player in first).
  const miniapp = installMiniapp();
  const early = miniapp ? undefined : firstPaintView(location.pathname, document.cookie);
  if (early) useCore.setState(early);

  // The operator's config.json, asked for at once (it is small), read when the core starts.
  const runtimeConfig = fetchRuntimeConfig();

  /** Fetch the core's code and hand it the store. */
  const loadCore = () =>
    Promise.all([import("./core/bridge"), runtimeConfig])
      .then(([{ startCore }, config]) => startCore({ painted: !!early, config, miniapp: miniapp ? launchData() : undefined }))
      .catch((error: unknown) => reportCrash(error, "load"));

  /** After the next frame has painted (a timer as well, since a hidden tab paints no frames). */
  const afterPaint = () =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => setTimeout(done, 0));
      setTimeout(done, 100);
    });

  const rootElement = document.getElementById("root")!;
  const render = () => {
    keepEarlyFocus(rootElement);
    const root = createRoot(rootElement);
    // A transition: React draws the first tree in slices of a few milliseconds, yielding to
    // the browser between them; Preact (the build's runtime) draws it at once, in this task.
    // The HTML's page stays on screen meanwhile.
    traced("first render", () =>
      startTransition(() =>
        root.render(
          <StrictMode>
            <CrashBoundary>
              <App />
            </CrashBoundary>
          </StrictMode>,
        ),
      ),
    );
    replayWhenDrawn(rootElement);
    finishEarlyPress(rootElement);
  };
  // The early page is drawn with the frame (its small chunk first), never a skeleton that the page
  // then pushes down; if that chunk fails, render anyway and let the page's Suspense retry.
  // The core's code is fetched once the early page is on screen, so the wasm's download and
  // compile never stand between the visitor and the hero (the page's largest paint); with
  // nothing to paint early it is fetched at once.
  if (early?.nav.page) {
    preloadPage(early.nav.page.name)
      .then(render, render)
      .then(afterPaint)
      .then(loadCore);
  } else {
    render();
    void loadCore();
  }
}

const messenger = messengerScript();
if (messenger) void messenger.then(boot);
else boot();
