import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connect, connectInTasks, type CoreLike } from "./bridge";
import { onCrash } from "./crash";
import { firstPaintView, initialView, takeEarlyEvents, useCore } from "./store";
import type { UiEvent, View } from "./types";

/** A stand-in for the wasm core: records events, pushes slices, and traps on demand. */
function fakeCore(overrides: Partial<CoreLike> = {}) {
  const sent: UiEvent[] = [];
  let push: (changed: Partial<View>) => void = () => {};
  const core: CoreLike = {
    view: () => ({ ...initialView, session: { ...initialView.session, status: "guest" } }),
    dispatch: (event) => {
      sent.push(event);
    },
    subscribe: (callback) => {
      push = callback;
    },
    start: () => {},
    ...overrides,
  };
  return { core, sent, push: (changed: Partial<View>) => push(changed) };
}

const trap = () => new WebAssembly.RuntimeError("unreachable");

let errors: ReturnType<typeof vi.spyOn>;
let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  takeEarlyEvents();
  useCore.setState({ ...initialView, ready: false, crashed: false, dispatch: useCore.getInitialState().dispatch });
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("bridge", () => {
  it("mirrors the core's view and slices, and sends events to it", () => {
    const { core, sent, push } = fakeCore();
    expect(connect(core)).toBe(true);
    const state = useCore.getState();
    expect(state.ready).toBe(true);
    expect(state.session.status).toBe("guest");
    state.dispatch({ type: "toggleDrawer" });
    expect(sent).toEqual([{ type: "toggleDrawer" }]);
    push({ toasts: [] , session: { ...initialView.session, status: "player", nickname: "ace" } });
    expect(useCore.getState().session.nickname).toBe("ace");
  });

  it("in tasks: starts the core now and shows its view in the next task, then replays early events", async () => {
    useCore.getState().dispatch({ type: "pageReady" });
    let started = 0;
    const { core, sent } = fakeCore({ start: () => void started++ });
    const shown = connectInTasks(core);
    expect(started).toBe(1);
    expect(useCore.getState().ready).toBe(false);
    expect(sent).toEqual([]);
    expect(await shown).toBe(true);
    expect(useCore.getState().ready).toBe(true);
    expect(useCore.getState().session.status).toBe("guest");
    expect(sent).toEqual([{ type: "pageReady" }]);
  });

  it("in tasks: slices sent while the core starts are not drawn; the view shown next holds them", async () => {
    let push: (changed: Partial<View>) => void = () => {};
    const { core } = fakeCore({
      subscribe: (callback) => {
        push = callback;
      },
      start: () => push({ session: { ...initialView.session, status: "player", nickname: "early" } }),
      view: () => ({ ...initialView, session: { ...initialView.session, status: "player", nickname: "early" } }),
    });
    const before = useCore.getState().session;
    const shown = connectInTasks(core);
    expect(useCore.getState().session).toBe(before);
    expect(await shown).toBe(true);
    expect(useCore.getState().session.nickname).toBe("early");
    push({ session: { ...initialView.session, status: "player", nickname: "later" } });
    expect(useCore.getState().session.nickname).toBe("later");
  });

  it("in tasks: the core's event loop is compiled in a task before the start's, then the view read and drawn in two more", async () => {
    const order: string[] = [];
    const { core } = fakeCore({
      prepare: () => void order.push("prepare"),
      start: () => void order.push("start"),
      view: () => {
        order.push("view");
        return { ...initialView, session: { ...initialView.session, status: "guest" } };
      },
    });
    const shown = connectInTasks(core);
    expect(order).toEqual(["prepare"]);
    await new Promise((done) => setTimeout(done, 0));
    expect(order).toEqual(["prepare", "start"]);
    await new Promise((done) => setTimeout(done, 0));
    expect(order).toEqual(["prepare", "start", "view"]);
    // Read, not drawn yet: the store still shows the early frame.
    expect(useCore.getState().ready).toBe(false);
    expect(await shown).toBe(true);
    expect(useCore.getState().ready).toBe(true);
  });

  it("in tasks: slices sent between the view's read and its drawing are drawn after it, in order", async () => {
    let push: (changed: Partial<View>) => void = () => {};
    const { core } = fakeCore({
      subscribe: (callback) => {
        push = callback;
      },
      view: () => {
        // An answer lands in the task between the read and the drawing.
        setTimeout(() => {
          push({ session: { ...initialView.session, status: "player", nickname: "first" } });
          push({ session: { ...initialView.session, status: "player", nickname: "second" } });
        }, 0);
        return { ...initialView, session: { ...initialView.session, status: "guest" } };
      },
    });
    expect(await connectInTasks(core)).toBe(true);
    expect(useCore.getState().session.nickname).toBe("second");
    expect(useCore.getState().session.status).toBe("player");
  });

  it("in tasks: a trap while compiling ahead is a crash, and the core is not started", async () => {
    let started = 0;
    const { core } = fakeCore({
      prepare: () => {
        throw trap();
      },
      start: () => void started++,
    });
    expect(await connectInTasks(core)).toBe(false);
    expect(started).toBe(0);
    expect(useCore.getState().crashed).toBe(true);
    expect(errors).toHaveBeenCalledWith("croupier: crash in start", expect.any(WebAssembly.RuntimeError));
  });

  it("the first whole view keeps the early frame's objects where they are equal, so those are not drawn again", () => {
    const texts = useCore.getState().texts;
    const nav = useCore.getState().nav;
    const { core } = fakeCore({
      // Parsed from the core's JSON: equal values, new objects.
      view: () => ({
        ...structuredClone(initialView),
        session: { ...initialView.session, status: "guest" },
      }),
    });
    expect(connect(core)).toBe(true);
    expect(useCore.getState().texts).toBe(texts);
    expect(useCore.getState().nav).toBe(nav);
    expect(useCore.getState().session.status).toBe("guest");
  });

  it("a slice sent again equal to the one drawn keeps the drawn object; a changed one replaces it", () => {
    const { core, push } = fakeCore();
    connect(core);
    const nav = useCore.getState().nav;
    push({ nav: structuredClone(nav) });
    expect(useCore.getState().nav).toBe(nav);
    push({ nav: { ...structuredClone(nav), path: "/wallet" } });
    expect(useCore.getState().nav).not.toBe(nav);
    expect(useCore.getState().nav.path).toBe("/wallet");
  });

  it("in tasks: a core that traps on start is not shown", async () => {
    const { core } = fakeCore({
      start: () => {
        throw trap();
      },
    });
    expect(await connectInTasks(core)).toBe(false);
    expect(useCore.getState().ready).toBe(false);
    expect(useCore.getState().crashed).toBe(true);
  });

  it("replays, in order, the events sent before the core had loaded", () => {
    useCore.getState().dispatch({ type: "openModal", id: "sign-in" });
    useCore.getState().dispatch({ type: "pageReady" });
    const { core, sent } = fakeCore();
    connect(core);
    expect(sent).toEqual([{ type: "openModal", id: "sign-in" }, { type: "pageReady" }]);
  });

  it("keeps a page painted before the core uncovered by the first-load preloader", () => {
    const { core, push } = fakeCore();
    connect(core, { painted: true });
    expect(useCore.getState().nav.preloader).toBe("removed");
    push({ nav: { ...initialView.nav, preloader: "hiding" } });
    expect(useCore.getState().nav.preloader).toBe("removed");
  });

  it("a trap in dispatch shows the crash screen, logs it, and refuses further events", () => {
    let calls = 0;
    const { core } = fakeCore({
      dispatch: () => {
        calls += 1;
        throw trap();
      },
    });
    const seen: [unknown, string][] = [];
    const stop = onCrash((error, site) => seen.push([error, site]));
    connect(core);
    useCore.getState().dispatch({ type: "toggleDrawer" });
    expect(useCore.getState().crashed).toBe(true);
    expect(errors).toHaveBeenCalledWith("croupier: crash in dispatch", expect.any(WebAssembly.RuntimeError));
    expect(seen).toEqual([[expect.any(WebAssembly.RuntimeError), "dispatch"]]);
    // Refused, and said so: the core is never called again.
    useCore.getState().dispatch({ type: "closeDrawer" });
    expect(calls).toBe(1);
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('"closeDrawer" was not sent'));
    stop();
  });

  it("a trap in view() at start is a crash", () => {
    const { core } = fakeCore({
      view: () => {
        throw trap();
      },
    });
    expect(connect(core)).toBe(false);
    expect(useCore.getState().crashed).toBe(true);
    expect(useCore.getState().ready).toBe(false);
    expect(errors).toHaveBeenCalledWith("croupier: crash in view", expect.any(WebAssembly.RuntimeError));
  });

  it("a trap in subscribe or start is a crash, and later slices are ignored", () => {
    expect(
      connect(
        fakeCore({
          subscribe: () => {
            throw trap();
          },
        }).core,
      ),
    ).toBe(false);
    expect(useCore.getState().crashed).toBe(true);
    expect(errors).toHaveBeenCalledWith("croupier: crash in subscribe", expect.any(WebAssembly.RuntimeError));

    useCore.setState({ crashed: false });
    const started = fakeCore({
      start: () => {
        throw trap();
      },
    });
    expect(connect(started.core)).toBe(false);
    expect(errors).toHaveBeenCalledWith("croupier: crash in start", expect.any(WebAssembly.RuntimeError));
    started.push({ session: { ...initialView.session, status: "player" } });
    expect(useCore.getState().session.status).toBe("booting");
  });

  it("only the first crash is reported", () => {
    const { core } = fakeCore({
      dispatch: () => {
        throw trap();
      },
    });
    connect(core);
    const dispatch = useCore.getState().dispatch;
    dispatch({ type: "toggleDrawer" });
    dispatch({ type: "toggleDrawer" });
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe("first paint", () => {
  it("paints a guest's home from the bundled texts", () => {
    const view = firstPaintView("/", "");
    expect(view?.session.status).toBe("guest");
    expect(view?.nav.page?.name).toBe("index");
    expect(view?.nav.preloader).toBe("removed");
    expect(view?.texts["layout.home.title"]).toBeTruthy();
  });

  it("waits for the core on other addresses and for a returning player's home", () => {
    expect(firstPaintView("/wallet", "")).toBeUndefined();
    expect(firstPaintView("/pt-br", "")).toBeUndefined();
    expect(firstPaintView("/", "theme=dark; access_token=abc.def")).toBeUndefined();
    expect(firstPaintView("/", "access_token=")?.session.status).toBe("guest");
  });

  it("paints a returning player's page frame on an address without parameters", () => {
    const view = firstPaintView("/wallet", "theme=dark; access_token=abc.def");
    expect(view?.nav.page?.name).toBe("wallet");
    expect(view?.nav.page?.skeleton).toBe("wallet-page");
    expect(view?.session.status).toBe("booting");
    expect(view?.nav.preloader).toBe("removed");
    // The menu marks the wallet, as the core will, never home; the language link keeps the page.
    const marked = (v: typeof view) => v?.nav.links.filter((l) => l.active).map((l) => l.id);
    expect(marked(view)).toEqual(["wallet"]);
    expect(view?.nav.locales.find((l) => l.code === "en")?.href).toBe("/wallet");
    // A page under a link marks that link (the longest one).
    expect(marked(firstPaintView("/profile/info", "access_token=abc.def"))).toEqual(["profile"]);
    // Not where the core decides more than the page: a locale prefix, parameters, auto-login's
    // preloader, a name that is no route.
    for (const path of ["/pt-br/wallet", "/game/book-of-dead", "/auth/autologin", "/constructor", "/wallet/"])
      expect(firstPaintView(path, "access_token=abc.def")).toBeUndefined();
  });
});
