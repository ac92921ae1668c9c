/// <reference types="vitest/config" />
import { randomBytes } from "node:crypto";
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

export default defineConfig({
  plugins: [react(), buildId()],
  build: { target: "es2022", assetsInlineLimit: 0 },
  server: { host: "127.0.0.1", fs: { allow: [".."] }, proxy: { "/api": { target: sandbox, ws: true, changeOrigin: true } } },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
  },
});
