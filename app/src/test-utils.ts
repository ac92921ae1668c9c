import { initialView, useCore } from "./core/store";
import type { UiEvent, View } from "./core/types";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Put the store in a known state with English texts; returns the events components send. */
export function setView(patch: Partial<View> = {}): UiEvent[] {
  const sent: UiEvent[] = [];
  useCore.setState({ ...initialView, ...patch, ready: true, texts: englishTexts(), dispatch: (e) => sent.push(e) });
  return sent;
}

// The texts come from the core's content table; tests read them from the Rust source so the
// component tests need no wasm.
let cached: Record<string, string> | undefined;
function englishTexts(): Record<string, string> {
  if (cached) return cached;
  const src = readFileSync(resolve(__dirname, "../../core/src/app/content.rs"), "utf8");
  // Entries are `("key", "text")`, possibly spread over lines with a trailing comma.
  const table = src.slice(src.indexOf("DEFAULT_EN"), src.indexOf("pub fn en("));
  cached = Object.fromEntries([...table.matchAll(/\(\s*"([^"]+)",\s*"([^"]*)",?\s*\)/g)].map((m) => [m[1], m[2]]));
  return cached;
}
