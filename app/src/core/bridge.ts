import { Core } from "croupier-core";
// The phone numbering plans ship as their own asset, outside the wasm; the core fetches them.
import phoneMetadataUrl from "../../../core/src/domain/phone/metadata.tsv?url";
import { initialView, useCore } from "./store";
import type { UiEvent, View } from "./types";

/** Create the core, mirror its view slices into the store, and start it. */
export function startCore(): Core {
  const core = new Core({
    apiBase: "",
    platform: "web",
    defaultLocale: "en",
    phoneMetadataUrl,
    // The default language's texts (core/content/en.json), kept out of the wasm.
    texts: initialView.texts,
  });
  const dispatch = (event: UiEvent) => core.dispatch(event);
  useCore.setState({ ...(core.view() as View), dispatch, ready: true });
  // Only changed slices arrive, so components reading other slices do not re-render.
  core.subscribe((changed) => useCore.setState(changed));
  core.start();
  return core;
}
