import init, { Core, type Launch } from "croupier-core";
// The phone numbering plans ship as their own asset, outside the wasm; the core fetches them.
import phoneMetadataUrl from "../../../core/src/domain/phone/metadata.tsv?url";
import { appMode, sportsbookScript } from "./appMode";
import { reportCrash, type CrashSite } from "./crash";
import { keepSame } from "./keepSame";
import { traced } from "./steps";
import { thirdPartyConfig, type RuntimeConfig } from "./runtimeConfig";
import { initialView, takeEarlyEvents, useCore } from "./store";
import type { UiEvent, View } from "./types";

/** What the bridge needs of the core (the wasm `Core`, or a fake in tests). */
export interface CoreLike {
  view(): unknown;
  dispatch(event: UiEvent): void;
  subscribe(callback: (changed: Partial<View>) => void): void;
  start(): void;
  /** Compile the core's event loop ahead of the start (the wasm `Core` has it). */
  prepare?(): void;
  /** Load a lazily loaded group's code (the wasm `Core` has it). */
  load?(group: keyof View["groups"]): void;
}

export type ConnectOptions = {
  /** The shell painted a page before the core loaded: the preloader must not cover it again. */
  painted?: boolean;
};

/** What `startCore` hands the core besides the fixed config. */
export type StartOptions = ConnectOptions & {
  /** The messenger mini-app's launch data, when the page runs inside it. */
  miniapp?: Launch;
};

/**
 * Mirror the core's view slices into the store and send it the store's events, every call
 * guarded: a core that throws (a wasm trap such as `RuntimeError: unreachable`) shows the
 * reload screen and refuses further events instead of leaving a silently dead app.
 */
export function connect(core: CoreLike, options: ConnectOptions = {}): boolean {
  const draw = begin(core, options)?.read();
  return draw ? draw() : false;
}

/** The next task: the browser paints and answers input in between. */
const nextTask = () => new Promise<void>((done) => window.setTimeout(done, 0));

/** `connect` in four tasks: the core's event loop compiled (V8 compiles a wasm function on
 * its first call, and that one holds every feature's update); the start; the whole view read
 * (the view's code compiled on the way); that view drawn by React. None of them holds the
 * page for long. */
export async function connectInTasks(core: CoreLike, options: ConnectOptions = {}): Promise<boolean> {
  if (core.prepare) {
    try {
      traced("core prepare", () => core.prepare?.());
    } catch (error) {
      reportCrash(error, "start");
      return false;
    }
    await nextTask();
  }
  const steps = begin(core, options);
  if (!steps) return false;
  await nextTask();
  const draw = steps.read();
  if (!draw) return false;
  await nextTask();
  return draw();
}

type Steps = {
  /** Subscribe and read the whole view; the returned step draws it and replays early events. */
  read: () => (() => boolean) | undefined;
};

/** Start the core; the returned steps show its view. */
function begin(core: CoreLike, { painted = false }: ConnectOptions): Steps | undefined {
  const dead = () => useCore.getState().crashed;
  const guard = (site: CrashSite, run: () => void): boolean => {
    if (dead()) return false;
    try {
      run();
      return true;
    } catch (error) {
      reportCrash(error, site);
      return false;
    }
  };
  // A page painted before the core stays uncovered: the core's first-load preloader would
  // hide what the player already sees.
  const settle = (changed: Partial<View>): Partial<View> =>
    painted && changed.nav ? { ...changed, nav: { ...changed.nav, preloader: "removed" } } : changed;
  /** Draw changed slices; one equal to what is drawn keeps the drawn object. */
  const drawSlices = (changed: Partial<View>) =>
    traced(
      () => `slices ${Object.keys(changed).join(",")}`,
      () => useCore.setState(keepSame(useCore.getState(), settle(changed))),
    );
  const dispatch = (event: UiEvent) => {
    guard("dispatch", () => traced(() => `dispatch ${event.type}`, () => core.dispatch(event)));
  };
  const load = (group: keyof View["groups"]) => {
    guard("dispatch", () => core.load?.(group));
  };
  if (!guard("start", () => traced("core start", () => core.start()))) return undefined;
  const read = () => {
    // Subscribed as the whole view is read, not before the start: what changed while it
    // started is in that view, and nothing is built or drawn in the start's task. Only changed
    // slices arrive, so components reading other slices do not re-render; a slice rebuilt
    // equal to what is drawn (the address's slice after a settings answer) keeps its object,
    // so its readers do not either. Slices sent before the view is drawn wait for it, in order.
    let held: Partial<View>[] | undefined = [];
    const subscribed = guard("subscribe", () =>
      core.subscribe((changed) => {
        if (held) held.push(changed);
        else if (!dead()) drawSlices(changed);
      }),
    );
    if (!subscribed) return undefined;
    let view: View | undefined;
    if (!guard("view", () => void (view = traced("core view", () => core.view() as View)))) return undefined;
    return () => {
      if (dead() || !view) return false;
      const later = held ?? [];
      held = undefined;
      const shown = guard("view", () => {
        // What the early frame drew the same keeps its objects: only what differs redraws.
        useCore.setState({ ...keepSame(useCore.getState(), settle(view as View)), dispatch, load, ready: true });
        for (const changed of later) drawSlices(changed);
      });
      if (!shown) return false;
      for (const event of takeEarlyEvents()) dispatch(event);
      prefetchWhenIdle(load);
      return !dead();
    };
  };
  return { read };
}

/** How long after the load event a player's page waits before it fetches the lazy groups. */
const PREFETCH_AFTER_MS = 3000;

/** A player fetches the lazily loaded groups once the page has loaded and gone quiet, so a
 * later visit to them is instant. A guest's page never prefetches: a guest fetches a group
 * when it is needed (its page, or its events), and the home's first load carries none; a
 * guest who signs in on the page prefetches then (the bonuses group holds the player's
 * deposit bonuses and loyalty). */
function prefetchWhenIdle(load: (group: keyof View["groups"]) => void) {
  // Only the groups nobody asked for yet: a failed one waits for its page's retry.
  const all = () => {
    const groups = useCore.getState().groups ?? {};
    for (const group of Object.keys(groups) as (keyof View["groups"])[]) if (groups[group] === "idle") load(group);
  };
  const go = () => {
    if (useCore.getState().session.status === "player") return all();
    const stop = useCore.subscribe((s) => {
      if (s.session.status !== "player") return;
      stop();
      all();
    });
  };
  const idle = () =>
    window.setTimeout(() => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(go, { timeout: 5000 });
      else go();
    }, PREFETCH_AFTER_MS);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** A trap outside a bridge call (an effect's callback inside the runtime) surfaces as an
 * uncaught error or rejection: it is a crash too. */
function watchTraps() {
  const isTrap = (e: unknown) => e instanceof WebAssembly.RuntimeError;
  window.addEventListener("error", (e) => {
    if (isTrap(e.error)) reportCrash(e.error, "runtime");
  });
  window.addEventListener("unhandledrejection", (e) => {
    if (isTrap(e.reason)) reportCrash(e.reason, "runtime");
  });
}

/** Create the core with the operator's runtime config (`config.json`) over the build's
 * defaults, connect it to the store, and start it. */
export async function startCore({ miniapp, ...options }: StartOptions & { config?: RuntimeConfig } = {}): Promise<boolean> {
  const config = options.config ?? {};
  const mode = config.appMode ?? appMode;
  // The wasm (built for the web target) is fetched and instantiated here, from the hashed asset
  // Vite made of the glue's `new URL(…, import.meta.url)`; a failure rejects, and the caller
  // reports it as a failed load, as a failed import of this module is.
  await init();
  watchTraps();
  // The core is created in the task after the instantiation, its constructor compiled on the way.
  await nextTask();
  let core: Core;
  try {
    core = traced("core new", () => new Core({
      apiBase: config.apiBase ?? "",
      realtimeUrl: config.realtimeUrl ?? "",
      platform: "web",
      // What the player's browser calls the site: SPEC §7 `source`, the referral link's base.
      origin: window.location.origin,
      defaultLocale: config.defaultLocale ?? "en",
      ...(config.locales ? { locales: config.locales } : {}),
      ...(config.affiliateCookieDays ? { affiliateCookieDays: config.affiliateCookieDays } : {}),
      ...(config.realityCheckMinutes ? { realityCheckMinutes: config.realityCheckMinutes } : {}),
      phoneMetadataUrl,
      // The default language's texts (core/content/en.json), kept out of the wasm.
      texts: initialView.texts,
      sportsbookScript: config.sportsbookScripts?.[mode] ?? sportsbookScript(mode),
      // SPEC §4: the session replay learns who the player is outside production only.
      production: mode === "production",
      // Inside the messenger: its launch data (the core then runs as platform tg).
      miniapp,
      // The third-party services' keys and scripts; the core's loaders decide what loads.
      thirdParty: thirdPartyConfig(config),
      // The paths beyond SPEC §7 the operator serves elsewhere or not at all.
      ...(config.operatorPaths ? { operatorPaths: config.operatorPaths } : {}),
    }));
  } catch (error) {
    reportCrash(error, "create");
    return false;
  }
  await nextTask();
  return connectInTasks(core, options);
}
