// The real core, not a stand-in: pkg/'s wasm (built by scripts/test.sh before vitest runs)
// instantiated under node and connected through the bridge into the store. pkg/ is built for
// the web target, whose glue fetches the wasm from a URL; here its bytes are read from pkg/ and
// handed to the glue's synchronous init.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { initSync, Core } from "croupier-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import en from "../../../core/content/en.json";
import { connect } from "./bridge";
import { initialView, useCore } from "./store";
import type { View } from "./types";

// vitest runs in app/ (npm scripts, scripts/test.sh); import.meta.url is not a file: URL under jsdom.
const pkg = resolve(process.cwd(), "..", "pkg");

beforeAll(() => {
  initSync({ module: readFileSync(join(pkg, "croupier_core_bg.wasm")) });
});

afterEach(() => vi.restoreAllMocks());

describe("the real core in vitest", () => {
  it("validates a form in Rust and sends the result to the store", () => {
    // Its start() calls a sandbox that is not here: those failures are logged, not fatal.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    useCore.setState({ ...initialView, ready: false, crashed: false });
    const core = new Core({ texts: en });
    expect(connect(core)).toBe(true);
    expect(useCore.getState().ready).toBe(true);
    const { dispatch } = useCore.getState();
    dispatch({ type: "formInput", form: "signUp", field: "email", value: "someone@gmail.c" });
    dispatch({ type: "formSubmit", form: "signUp" });
    const form = (useCore.getState() as unknown as View).forms.signUp;
    expect(form.values.email).toBe("someone@gmail.c");
    expect(form.errors.email).toBeTruthy();
    expect(form.submitting).toBe(false);
    // A modal opened by event moves the core's address and comes back in the nav slice.
    dispatch({ type: "openModal", id: "sign-in" });
    expect((useCore.getState() as unknown as View).nav.modal?.id).toBe("sign-in");
  });
});
