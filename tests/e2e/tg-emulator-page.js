// The messenger's launch environment, emulated (the way Telegram's own React template mocks
// it): a `window.Telegram.WebApp` with the init data, theme, viewport and safe-area insets of
// `window.__TG_EMULATOR__`, recording every call the app makes in `window.__tgCalls` so tests
// can assert them. Runs in the page before the app's scripts (Playwright addInitScript, or
// scripts/tg-emulator.mjs for development). Plain JS: it is injected as text.
(() => {
  const cfg = window.__TG_EMULATOR__;
  if (!cfg) return;
  const calls = (window.__tgCalls = []);
  const rec = (method, ...args) => calls.push({ method, args });
  const handlers = {};
  const backHandlers = new Set();
  const zero = { top: 0, bottom: 0, left: 0, right: 0 };
  let closing = false;
  const newer = (have, want) => {
    const a = String(have).split(".").map(Number);
    const b = String(want).split(".").map(Number);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
    }
    return true;
  };
  const app = {
    initData: cfg.initData,
    initDataUnsafe: cfg.initDataUnsafe || {},
    version: cfg.version || "8.0",
    platform: cfg.platform || "ios",
    colorScheme: cfg.colorScheme || "dark",
    themeParams: cfg.themeParams || {},
    isExpanded: false,
    isFullscreen: false,
    viewportHeight: cfg.viewportHeight || window.innerHeight,
    viewportStableHeight: cfg.viewportHeight || window.innerHeight,
    safeAreaInset: cfg.safeAreaInset || zero,
    contentSafeAreaInset: cfg.contentSafeAreaInset || zero,
    get isClosingConfirmationEnabled() {
      return closing;
    },
    isVersionAtLeast: (v) => newer(app.version, v),
    ready: () => rec("ready"),
    expand: () => {
      app.isExpanded = true;
      rec("expand");
    },
    requestFullscreen: () => {
      app.isFullscreen = true;
      rec("requestFullscreen");
    },
    close: () => rec("close"),
    enableClosingConfirmation: () => {
      closing = true;
      rec("enableClosingConfirmation");
    },
    disableClosingConfirmation: () => {
      closing = false;
      rec("disableClosingConfirmation");
    },
    setHeaderColor: (c) => rec("setHeaderColor", c),
    setBackgroundColor: (c) => rec("setBackgroundColor", c),
    setBottomBarColor: (c) => rec("setBottomBarColor", c),
    openTelegramLink: (u) => rec("openTelegramLink", u),
    openLink: (u) => rec("openLink", u),
    onEvent: (e, h) => (handlers[e] = handlers[e] || new Set()).add(h),
    offEvent: (e, h) => handlers[e] && handlers[e].delete(h),
    BackButton: {
      isVisible: false,
      show() {
        this.isVisible = true;
        rec("BackButton.show");
      },
      hide() {
        this.isVisible = false;
        rec("BackButton.hide");
      },
      onClick: (cb) => backHandlers.add(cb),
      offClick: (cb) => backHandlers.delete(cb),
    },
    HapticFeedback: {
      notificationOccurred: (t) => rec("HapticFeedback.notificationOccurred", t),
      impactOccurred: (s) => rec("HapticFeedback.impactOccurred", s),
      selectionChanged: () => rec("HapticFeedback.selectionChanged"),
    },
  };
  // What the messenger does from its side: change something and fire the event, press back.
  window.__tgEmulator = {
    emit(event, patch) {
      Object.assign(app, patch || {});
      (handlers[event] || new Set()).forEach((h) => h());
    },
    pressBack() {
      backHandlers.forEach((cb) => cb());
    },
  };
  window.Telegram = { WebApp: app };
})();
