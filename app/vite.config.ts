/// <reference types="vitest/config" />
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The sandbox serves the API; in `vite dev` we proxy to it. changeOrigin: the sandbox answers
// only its own Host names (127.0.0.1/localhost with its port), so the proxy must send that.
const sandbox = process.env.SANDBOX_URL ?? "http://127.0.0.1:8080";

/** Writes `builds/latest.json` with a unique build id; the core polls it (SPEC §7 Other). */
function buildId(): Plugin {
  return {
    name: "croupier-build-id",
    apply: "build",
    generateBundle() {
      const now = new Date();
      const id = `${now.getTime().toString(36)}-${randomBytes(4).toString("hex")}`;
      this.emitFile({
        type: "asset",
        fileName: "builds/latest.json",
        source: `${JSON.stringify({ id, builtAt: now.toISOString() })}\n`,
      });
    },
  };
}

// The page runs on Preact through its React compatibility layer: the components are written
// against React's API (`import ... from "react"`) and React's types, and the browser gets
// preact/compat, ~48 KiB brotli less JS on every route than React (issue 28; docs/ARCHITECTURE.md
// "The page's runtime"). The build-time prerender (scripts/prerender.mjs) renders with React's
// own static renderer (it sets CROUPIER_PRERENDER): the same HTML as before. The page's first
// render is not a hydration: Preact draws its tree, reusing the HTML's nodes where they match.
const preact: Record<string, string> = process.env.CROUPIER_PRERENDER
  ? {}
  : {
      "react/jsx-runtime": "preact/jsx-runtime",
      "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
      "react-dom/client": "preact/compat/client",
      "react-dom/test-utils": "preact/test-utils",
      "react-dom": "preact/compat",
      react: "preact/compat",
    };

export default defineConfig({
  plugins: [react(), buildId()],
  resolve: { alias: preact },
  build: { target: "es2022", assetsInlineLimit: 0 },
  server: { host: "127.0.0.1", fs: { allow: [".."] }, proxy: { "/api": { target: sandbox, ws: true, changeOrigin: true } } },
  test: {
    environment: "jsdom",
    // A bound on a failure only (Testing Library's waits are 10 s, src/testing-library.ts): the
    // 5 s default failed tests on a loaded machine, not on a wrong UI.
    testTimeout: 30_000,
    // Every core: the test command runs nothing beside vitest, and vitest's default leaves one
    // idle (issue 31: 45 -> 28 s on a 2-core machine, measured 2026-12-02).
    maxWorkers: availableParallelism(),
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    // The components are tested on the Preact the page runs: Testing Library's Preact build
    // under the React one's name (the same queries), with the events a browser sends
    // (src/testing-library.ts: its own fireEvent renames every change to input).
    alias: process.env.CROUPIER_PRERENDER ? {} : { "@testing-library/react": fileURLToPath(new URL("./src/testing-library.ts", import.meta.url)) },
    server: { deps: { inline: [/zustand/] } },
  },
});
