import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { startCore } from "./core/bridge";
import "./styles.css";

startCore();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
