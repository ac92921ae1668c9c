import { afterEach, describe, expect, it, vi } from "vitest";
import { installMiniapp } from "./chrome";
import { launchData, webApp, type WebApp } from "./telegram";

function fake(over: Partial<WebApp> = {}): WebApp & { calls: string[] } {
  const calls: string[] = [];
  const rec = (m: string) => () => void calls.push(m);
  return {
    calls,
    initData: "user=%7B%22id%22%3A5%7D&auth_date=1&hash=ab",
    initDataUnsafe: { user: { id: 5, first_name: "Ann", last_name: "Lee", username: "ann", language_code: "en" }, start_param: "ref3" },
    version: "8.0",
    platform: "android",
    colorScheme: "light",
    themeParams: { bg_color: "#ffffff", text_color: "#000000", hint_color: "#707579", secondary_bg_color: "#f1f1f1" },
    safeAreaInset: { top: 40, bottom: 20, left: 0, right: 0 },
    contentSafeAreaInset: { top: 50, bottom: 0, left: 0, right: 0 },
    isVersionAtLeast: () => true,
    ready: rec("ready"),
    expand: rec("expand"),
    close: rec("close"),
    requestFullscreen: rec("requestFullscreen"),
    enableClosingConfirmation: rec("enable"),
    disableClosingConfirmation: rec("disable"),
    setHeaderColor: rec("header"),
    setBackgroundColor: rec("background"),
    onEvent: () => {},
    offEvent: () => {},
    BackButton: { show: rec("show"), hide: rec("hide"), onClick: () => {}, offClick: () => {} },
    ...over,
  };
}

afterEach(() => {
  delete window.Telegram;
  sessionStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  vi.unstubAllGlobals();
});

describe("mini-app detection", () => {
  it("is the web without the WebApp object or without init data", () => {
    expect(webApp()).toBeUndefined();
    expect(launchData()).toBeUndefined();
    window.Telegram = { WebApp: fake({ initData: "" }) };
    expect(webApp()).toBeUndefined();
    expect(installMiniapp()).toBe(false);
    expect(document.documentElement.classList.contains("tg")).toBe(false);
  });

  it("hands the core the raw init data, the launch address's botURL and stag, and the user", () => {
    window.Telegram = { WebApp: fake() };
    history.replaceState(null, "", "/?botURL=https%3A%2F%2Ft.me%2Fbot&stag=aff9");
    const l = launchData()!;
    expect(l.initDataRaw).toBe(window.Telegram.WebApp!.initData);
    expect(l.botUrl).toBe("https://t.me/bot");
    expect(l.stag).toBe("aff9");
    expect(l.startParam).toBe("ref3");
    expect(l.user).toEqual({ id: 5, username: "ann", languageCode: "en", photoUrl: undefined, name: "Ann Lee" });
    // In-app navigation drops the query; the visit keeps them.
    history.replaceState(null, "", "/wallet");
    expect(launchData()!.botUrl).toBe("https://t.me/bot");
    expect(launchData()!.stag).toBe("aff9");
  });
});

describe("the mini-app frame", () => {
  it("expands to full screen on a phone and applies insets and theme", () => {
    const app = fake();
    window.Telegram = { WebApp: app };
    expect(installMiniapp()).toBe(true);
    expect(app.calls).toEqual(expect.arrayContaining(["ready", "expand", "requestFullscreen", "header", "background"]));
    const s = document.documentElement.style;
    expect(s.getPropertyValue("--tg-inset-top")).toBe("90px");
    expect(s.getPropertyValue("--tg-inset-bottom")).toBe("20px");
    expect(s.getPropertyValue("--bg")).toBe("#ffffff");
    expect(s.getPropertyValue("--muted")).toBe("#707579");
    expect(document.documentElement.dataset.tgScheme).toBe("light");
    expect(document.documentElement.classList.contains("tg")).toBe(true);
  });

  it("does not ask a desktop client for full screen, and ignores colours that are not #rrggbb", () => {
    const app = fake({ platform: "tdesktop", themeParams: { bg_color: "red; x: y" } });
    window.Telegram = { WebApp: app };
    installMiniapp();
    expect(app.calls).toContain("expand");
    expect(app.calls).not.toContain("requestFullscreen");
    expect(document.documentElement.style.getPropertyValue("--bg")).toBe("");
  });
});
