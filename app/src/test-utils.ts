import { initialView, useCore } from "./core/store";
import type { UiEvent, View } from "./core/types";
import en from "../../core/content/en.json";

/** Put the store in a known state with English texts; returns the events components send. */
export function setView(patch: Partial<View> = {}): UiEvent[] {
  const sent: UiEvent[] = [];
  useCore.setState({ ...initialView, texts: en, ...patch, ready: true, crashed: false, dispatch: (e) => sent.push(e) });
  return sent;
}

