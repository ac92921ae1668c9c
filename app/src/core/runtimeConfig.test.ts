import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRuntimeConfig, readRuntimeConfig, thirdPartyConfig } from "./runtimeConfig";

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

  it("takes the reality check's default only as one of its intervals (issue 30)", () => {
    const warn = vi.fn();
    expect(readRuntimeConfig({ realityCheckMinutes: 30 }, warn)).toEqual({ realityCheckMinutes: 30 });
    for (const bad of [0, 20, "15"]) expect(readRuntimeConfig({ realityCheckMinutes: bad }, warn)).toEqual({});
    expect(warn).toHaveBeenLastCalledWith("config.json: realityCheckMinutes ignored (wrong type)");
  });

  it("takes the affiliate cookie's days only as a positive whole number (issue 16)", () => {
    const warn = vi.fn();
    expect(readRuntimeConfig({ affiliateCookieDays: 7 }, warn)).toEqual({ affiliateCookieDays: 7 });
    for (const bad of [0, -3, 1.5, "30"]) expect(readRuntimeConfig({ affiliateCookieDays: bad }, warn)).toEqual({});
    expect(warn).toHaveBeenLastCalledWith("config.json: affiliateCookieDays ignored (wrong type)");
  });

  it("passes the operator's paths beyond SPEC §7 to the core as text only", () => {
    const warn = vi.fn();
    expect(readRuntimeConfig({ operatorPaths: { geo: "", content: "/cms/texts" } }, warn)).toEqual({
      operatorPaths: { geo: "", content: "/cms/texts" },
    });
    expect(warn).not.toHaveBeenCalled();
    for (const bad of [["/x"], { geo: false }, "/api"]) expect(readRuntimeConfig({ operatorPaths: bad }, warn)).toEqual({});
    expect(warn).toHaveBeenLastCalledWith("config.json: operatorPaths ignored (wrong type)");
  });

  it("reads the third-party keys and scripts and hands the core each service's pair", () => {
    const warn = vi.fn();
    const config = readRuntimeConfig(
      {
        pixelId: "77",
        captchaKey: "site-key",
        chatId: 5,
        thirdPartyScripts: { pixel: "/third-party/pixel.js", captcha: "https://c.example/api.js?render={key}", chat: false, other: "x" },
      },
      warn,
    );
    expect(config).toEqual({
      pixelId: "77",
      captchaKey: "site-key",
      thirdPartyScripts: { pixel: "/third-party/pixel.js", captcha: "https://c.example/api.js?render={key}" },
    });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "config.json: chatId ignored (wrong type)",
      "config.json: thirdPartyScripts.chat ignored (wrong type)",
    ]);
    const core = thirdPartyConfig(config);
    expect(core.pixel).toEqual({ key: "77", script: "/third-party/pixel.js" });
    expect(core.captcha).toEqual({ key: "site-key", script: "https://c.example/api.js?render={key}" });
    expect(core.chat).toEqual({ key: "", script: "" });
    expect(Object.keys(core).sort()).toEqual(["captcha", "chat", "fingerprint", "pixel", "sessionReplay", "tagManager", "webMetrics"]);
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
