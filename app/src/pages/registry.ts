import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// One folder per route name of SPEC §2 (`pages/<route-name>/<Name>Page.tsx`), each its own
// chunk: a route loads its page's code only.
const modules = import.meta.glob<{ default: ComponentType }>("./*/*Page.tsx");

const loaders = new Map<string, () => Promise<{ default: ComponentType }>>(
  Object.entries(modules).map(([path, load]) => [path.split("/")[1], load]),
);
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page of a route name (without `locale-`), if there is one. */
export function pageFor(name: string): LazyExoticComponent<ComponentType> | undefined {
  const hit = cache.get(name);
  if (hit) return hit;
  const load = loaders.get(name);
  if (!load) return undefined;
  const page = lazy(load);
  cache.set(name, page);
  return page;
}

/** Route names that have a page folder. */
export const pageNames = [...loaders.keys()].sort();
