/**
 * The messenger's WebApp object (Telegram Mini Apps, Bot API 8.0) as far as the app uses it,
 * the detection of the mini-app and its launch data. One bundle for the web and the mini-app:
 * everything here is a no-op unless `window.Telegram.WebApp` carries init data.
 */
import type { Launch } from "croupier-core";

export type Insets = { top: number; bottom: number; left: number; right: number };
export type ThemeParams = Partial<
  Record<
    | "bg_color"
    | "text_color"
    | "hint_color"
    | "link_color"
    | "button_color"
    | "button_text_color"
    | "secondary_bg_color"
    | "header_bg_color"
    | "bottom_bar_bg_color"
    | "section_bg_color",
    string
  >
>;
type TgUserRaw = { id: number; first_name?: string; last_name?: string; username?: string; language_code?: string; photo_url?: string };
type Handler = () => void;

export interface WebApp {
  initData: string;
  initDataUnsafe: { user?: TgUserRaw; start_param?: string };
  version: string;
  platform: string;
  colorScheme: "light" | "dark";
  themeParams: ThemeParams;
  viewportStableHeight?: number;
  safeAreaInset?: Insets;
  contentSafeAreaInset?: Insets;
  isVersionAtLeast?(version: string): boolean;
  ready(): void;
  expand(): void;
  close(): void;
  requestFullscreen?(): void;
  enableClosingConfirmation(): void;
  disableClosingConfirmation(): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  setBottomBarColor?(color: string): void;
  openTelegramLink?(url: string): void;
  openLink?(url: string): void;
  onEvent(event: string, handler: Handler): void;
  offEvent(event: string, handler: Handler): void;
  BackButton: { show(): void; hide(): void; onClick(cb: Handler): void; offClick(cb: Handler): void };
  HapticFeedback?: {
    notificationOccurred(type: "error" | "success" | "warning"): void;
    impactOccurred(style: "light" | "medium" | "heavy" | "rigid" | "soft"): void;
  };
}

declare global {
  interface Window {
    Telegram?: { WebApp?: WebApp };
  }
}

/** The WebApp object, when the page runs inside the messenger (it has signed init data). */
export function webApp(): WebApp | undefined {
  const app = typeof window === "undefined" ? undefined : window.Telegram?.WebApp;
  return app && typeof app.initData === "string" && app.initData.trim() !== "" ? app : undefined;
}

/** The core's `Launch` (core/src/app/features/miniapp/launch.rs). */
export type { Launch };

const KEPT = "croupier.tg-launch";

/** `botURL` and `stag` of the launch address (SPEC §9 captures both), kept for the whole visit:
 * in-app navigation drops the query. */
function launchParams(): { botUrl: string; stag: string | undefined } {
  let kept: { botUrl?: string; stag?: string } = {};
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT) ?? "{}") as typeof kept;
  } catch {
    kept = {};
  }
  const q = new URLSearchParams(location.search);
  const found = { botUrl: q.get("botURL") ?? kept.botUrl ?? "", stag: q.get("stag") ?? kept.stag ?? undefined };
  try {
    sessionStorage.setItem(KEPT, JSON.stringify(found));
  } catch {
    // Storage off (private mode): the launch address still had them this time.
  }
  return found;
}

/** What the core needs of the launch, or undefined outside the mini-app. */
export function launchData(app = webApp()): Launch | undefined {
  if (!app) return undefined;
  const u = app.initDataUnsafe?.user;
  const name = [u?.first_name, u?.last_name].filter(Boolean).join(" ");
  return {
    initDataRaw: app.initData,
    ...launchParams(),
    startParam: app.initDataUnsafe?.start_param,
    user: u && {
      id: u.id,
      username: u.username,
      languageCode: u.language_code,
      photoUrl: u.photo_url,
      name: name || undefined,
    },
  };
}
