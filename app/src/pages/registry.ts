import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteName } from "../core/names.gen";
import type { PageLoader } from "../shared/registrations";

// One folder per route name of SPEC §2 (`pages/<route-name>/<Name>Page.tsx`), each its own
// chunk: a route loads its page's code only. The map is built from the folders, so a new route
// adds its folder and edits no shared file; registry.test.ts holds it to the core's route table
// (names.gen.ts, generated from Rust): one page per route name, no folder that names none.
const files = import.meta.glob<{ default: ComponentType }>("./*/*Page.tsx");
const pages: Record<string, PageLoader> = Object.fromEntries(
  Object.entries(files).map(([path, load]) => [path.split("/")[1], load]),
);

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
/** Pages whose code was loaded before the first render: drawn at once, with no fallback. */
const loaded = new Map<string, ComponentType>();

const isRoute = (name: string): name is RouteName => Object.hasOwn(pages, name);

/** The lazily loaded page of a route name (without `locale-`), if there is one. */
export function pageFor(name: string): ComponentType | undefined {
  const ready = loaded.get(name);
  if (ready) return ready;
  const hit = cache.get(name);
  if (hit) return hit;
  if (!isRoute(name)) return undefined;
  const page = lazy(pages[name]);
  cache.set(name, page);
  return page;
}

/** Loads a page's code ahead of the first render (the page painted before the core), so it is
 * drawn with the frame instead of after a skeleton that would shift the layout. */
export async function preloadPage(name: string): Promise<void> {
  if (!isRoute(name) || cache.has(name)) return;
  loaded.set(name, (await pages[name]()).default);
}

/** Route names that have a page (all of them: checked by registry.test.ts). */
export const pageNames = (Object.keys(pages) as RouteName[]).sort();

/** The loader of each route's page, for the registry test. */
export const pageLoaders = pages as Readonly<Record<RouteName, PageLoader>>;
