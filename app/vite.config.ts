/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";

// The sandbox serves the API; in `vite dev` we proxy to it.
const sandbox = process.env.SANDBOX_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), wasm()],
  build: { target: "es2022", assetsInlineLimit: 0 },
  server: { host: "127.0.0.1", proxy: { "/api": { target: sandbox, ws: true } } },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
  },
});
