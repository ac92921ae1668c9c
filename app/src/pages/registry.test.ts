import { describe, expect, it } from "vitest";
import en from "../../../core/content/en.json";
import { MODAL_IDS, ROUTE_NAMES } from "../core/names.gen";
import { featureModals, modalBodies } from "../layout/ModalHost";
import { pageLoaders, pageNames } from "./registry";

// The registries are built from the folders (import.meta.glob), so these hold them to the
// core's names (names.gen.ts, generated from Rust) and check the texts they need.
const files = import.meta.glob<{ default: unknown }>("./*/*Page.tsx");
const folders = Object.keys(files).map((p) => p.split("/")[1]);
const texts: Record<string, string> = en;

describe("page registry", () => {
  it("has exactly one page per route of the core's table", () => {
    expect(pageNames).toEqual([...ROUTE_NAMES].sort());
  });

  it("every route's page lives in its own folder, one page file each, and every folder is registered", async () => {
    expect([...folders].sort()).toEqual([...ROUTE_NAMES].sort());
    expect(new Set(folders).size, "a folder holds two *Page.tsx").toBe(folders.length);
    for (const [path, load] of Object.entries(files)) {
      const name = path.split("/")[1] as (typeof ROUTE_NAMES)[number];
      expect((await pageLoaders[name]()).default, path).toBe((await load()).default);
    }
  });

  it("every route has a title", () => {
    for (const name of ROUTE_NAMES) expect(texts[`layout.pages.${name}`], name).toBeTruthy();
  });
});

describe("modal registry", () => {
  it("has a body for every modal id of the core", () => {
    for (const id of MODAL_IDS) expect(modalBodies, id).toHaveProperty(id);
  });

  it("no two features register the same modal id", () => {
    const seen = new Map<string, string>();
    for (const [file, modals] of Object.entries(featureModals)) {
      for (const id of Object.keys(modals ?? {})) {
        expect(seen.get(id), `${id} in ${file}`).toBeUndefined();
        seen.set(id, file);
      }
    }
    expect(seen.size).toBe(Object.keys(modalBodies).length);
  });

  it("registers only the core's modal ids, each with a title", () => {
    const ids = Object.keys(modalBodies);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(MODAL_IDS as readonly string[], id).toContain(id);
      expect(texts[`modals.${id}.title`], id).toBeTruthy();
    }
  });
});
