import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { CrashBoundary } from "./CrashBoundary";
import { reportCrash } from "./core/crash";
import { firstPaintView, useCore } from "./core/store";
import "./styles.css";

// First paint does not wait for the wasm: when the shell can draw the page from the bundled
// texts (a guest's home), it does so now; the core's code is fetched meanwhile and takes over
// the store when it arrives. Clicks made before then are queued, not lost.
const early = firstPaintView(location.pathname, document.cookie);
if (early) useCore.setState(early);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <CrashBoundary>
      <App />
    </CrashBoundary>
  </StrictMode>,
);

import("./core/bridge")
  .then(({ startCore }) => startCore({ painted: !!early }))
  .catch((error: unknown) => reportCrash(error, "load"));
