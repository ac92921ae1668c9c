/**
 * The mini-app's frame, set up before the first render so nothing moves afterwards: full
 * screen, the messenger's colours, and the safe-area insets as CSS variables that the top bar,
 * the bottom navigation and modals read (miniapp.css). Kept current on the messenger's events.
 */
import { webApp, type Insets, type WebApp } from "./telegram";
import "./miniapp.css";

const px = (n: number | undefined) => `${Math.max(0, Math.round(n ?? 0))}px`;

function applyInsets(app: WebApp) {
  const s = document.documentElement.style;
  const safe: Insets = app.safeAreaInset ?? { top: 0, bottom: 0, left: 0, right: 0 };
  const content: Insets = app.contentSafeAreaInset ?? { top: 0, bottom: 0, left: 0, right: 0 };
  // The device's area (notch, home bar) and the messenger's own controls over the content.
  s.setProperty("--tg-inset-top", px(safe.top + content.top));
  s.setProperty("--tg-inset-bottom", px(safe.bottom + content.bottom));
  s.setProperty("--tg-inset-left", px(safe.left + content.left));
  s.setProperty("--tg-inset-right", px(safe.right + content.right));
  if (app.viewportStableHeight) s.setProperty("--tg-viewport-h", px(app.viewportStableHeight));
}

const HEX = /^#[0-9a-f]{6}$/i;

function applyTheme(app: WebApp) {
  const root = document.documentElement;
  const t = app.themeParams ?? {};
  root.dataset.tgScheme = app.colorScheme === "light" ? "light" : "dark";
  root.style.colorScheme = root.dataset.tgScheme;
  const set = (name: string, value: string | undefined) => {
    if (value && HEX.test(value)) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  };
  set("--bg", t.bg_color);
  set("--bg-2", t.secondary_bg_color ?? t.bg_color);
  set("--panel", t.section_bg_color ?? t.secondary_bg_color);
  set("--panel-2", t.secondary_bg_color);
  set("--text", t.text_color);
  set("--muted", t.hint_color);
  set("--tg-link", t.link_color);
  // The messenger's own header and background in the page's colour.
  const bg = t.bg_color && HEX.test(t.bg_color) ? t.bg_color : undefined;
  if (bg) {
    app.setHeaderColor?.(bg);
    app.setBackgroundColor?.(bg);
    app.setBottomBarColor?.(t.secondary_bg_color ?? bg);
  }
}

/** Full screen on phones (Bot API 8.0), expanded everywhere else. */
function enlarge(app: WebApp) {
  app.expand();
  const phone = app.platform === "ios" || app.platform === "android";
  if (phone && app.isVersionAtLeast?.("8.0")) app.requestFullscreen?.();
}

/** Sets the mini-app up; `false` on the web (nothing done). */
export function installMiniapp(): boolean {
  const app = webApp();
  if (!app) return false;
  document.documentElement.classList.add("tg");
  applyInsets(app);
  applyTheme(app);
  const insets = () => applyInsets(app);
  for (const e of ["viewportChanged", "safeAreaChanged", "contentSafeAreaChanged", "fullscreenChanged"]) app.onEvent(e, insets);
  app.onEvent("themeChanged", () => applyTheme(app));
  app.ready();
  enlarge(app);
  return true;
}
