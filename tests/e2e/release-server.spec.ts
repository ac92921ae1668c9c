import { expect, test } from "./fixtures";

// The release sandbox (the binary these tests run) unwinds on panic: only the wasm build aborts
// (Cargo.toml [profile.wasm-release]), so the catch-panic layer answers and the server lives on.

const base = () => process.env.BASE_URL!;

test("a panicking handler answers a JSON 500 and the release server keeps serving", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.get(`${base()}/api/_control/panic`);
    expect(res.status()).toBe(500);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).code).toBe("internal_error");
    const next = await request.get(`${base()}/api/settings/locales`);
    expect(next.status()).toBe(200);
  }
});
