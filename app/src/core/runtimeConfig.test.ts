import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRuntimeConfig, readRuntimeConfig } from "./runtimeConfig";

describe("the operator's config.json", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the known keys with the right types", () => {
    const warn = vi.fn();
    expect(
      readRuntimeConfig(
        {
          apiBase: "https://api.casino.example",
          realtimeUrl: "wss://rt.casino.example/ws",
          appMode: "production",
          sportsbookScripts: { production: "https://sb.example/sdk.js", staging: "" },
          defaultLocale: "pt-br",
          locales: ["pt-br", "en"],
          unknown: 1,
        },
        warn,
      ),
    ).toEqual({
      apiBase: "https://api.casino.example",
      realtimeUrl: "wss://rt.casino.example/ws",
      appMode: "production",
      sportsbookScripts: { production: "https://sb.example/sdk.js", staging: "" },
      defaultLocale: "pt-br",
      locales: ["pt-br", "en"],
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("drops a mistyped key with a message naming it, keeping the rest", () => {
    const warn = vi.fn();
    expect(
      readRuntimeConfig({ apiBase: 5, appMode: "prod", locales: ["en", 3], sportsbookScripts: { sandbox: 1 }, defaultLocale: "es" }, warn),
    ).toEqual({ defaultLocale: "es", sportsbookScripts: {} });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "config.json: apiBase ignored (wrong type)",
      "config.json: appMode ignored (wrong type)",
      "config.json: locales ignored (wrong type)",
      "config.json: sportsbookScripts.sandbox ignored (wrong type)",
    ]);
    expect(readRuntimeConfig([1], warn)).toEqual({});
    expect(warn).toHaveBeenLastCalledWith("config.json ignored: not an object");
  });

  it("takes the affiliate cookie's days only as a positive whole number (issue 16)", () => {
    const warn = vi.fn();
    expect(readRuntimeConfig({ affiliateCookieDays: 7 }, warn)).toEqual({ affiliateCookieDays: 7 });
    for (const bad of [0, -3, 1.5, "30"]) expect(readRuntimeConfig({ affiliateCookieDays: bad }, warn)).toEqual({});
    expect(warn).toHaveBeenLastCalledWith("config.json: affiliateCookieDays ignored (wrong type)");
  });

  it("a missing or broken file leaves the build's defaults", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("nope", { status: 404 })));
    await expect(fetchRuntimeConfig()).resolves.toEqual({});
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("{bad", { status: 200 })));
    await expect(fetchRuntimeConfig()).resolves.toEqual({});
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await expect(fetchRuntimeConfig()).resolves.toEqual({});
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response('{"apiBase":"https://a.example"}')));
    await expect(fetchRuntimeConfig()).resolves.toEqual({ apiBase: "https://a.example" });
  });
});
