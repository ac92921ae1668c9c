// The third-party services' loaders (runtime/third_party.rs performs `Effect::ThirdParty` with
// these). The core decides what loads, when and with which key (domain/third_party.rs); this
// file only speaks each provider's browser convention. Kept in JavaScript: it is the providers'
// own calling style, and it costs the wasm nothing.
//
// Conventions (the sandbox's stand-ins, sandbox/assets/third-party/, speak the same):
// - tagManager: `dataLayer` (a Google Tag Manager container); events are pushed as
//   `{event, pixelActionId, externalEventCode}`.
// - webMetrics: the `ym(id, …)` queue (Yandex Metrica); events are `reachGoal` goals.
// - chat: `fcWidget.init({token, host, externalId, restoreId})` (Freshchat); its
//   `user:created` gives the restore id the core saves.
// - sessionReplay: `_fs_org` before the script, then `FS.identify` / `FS.anonymize`.
// - fingerprint: `FingerprintJS.load({apiKey}).get()` gives `visitorId`.
// - pixel: the `pixel(…)` queue: `pixel("init", id)`, `pixel("track", actionId, {…})`.
// - captcha: `grecaptcha.ready` + `grecaptcha.execute(key, {action})` (reCAPTCHA v3), looked
//   for every 100 ms while the script loads.
// Nothing here ever sees the session token: only keys, the player's id and the chat's
// restore id are handed over. Every provider call is guarded: a broken script logs, never
// breaks the page.

const w = globalThis;
const cfg = {};
const failed = {};
let user = null;
// The session replay's player: only outside production (SPEC §4), else nobody.
let replayUser = null;
let restoreWait = null;
let visitor = null;

const safe = (what, run) => {
  try {
    return run();
  } catch (e) {
    console.error(`third-party ${what} failed`, e);
    return undefined;
  }
};

// A provider's command queue until its script takes over (`ym.a`, `pixel.q`).
const queue = (name, field) => {
  if (typeof w[name] !== "function") {
    const stub = function () {
      (stub[field] = stub[field] || []).push(arguments);
    };
    stub.l = Date.now();
    w[name] = stub;
  }
  return w[name];
};

const chatInit = () => {
  const c = cfg.chat;
  const fc = w.fcWidget;
  if (!c || !fc || typeof fc.init !== "function") return;
  if (typeof fc.isInitialized === "function" && fc.isInitialized()) {
    if (fc.user && typeof fc.user.clear === "function") fc.user.clear();
    if (typeof fc.destroy === "function") fc.destroy();
  }
  const init = { token: c.key, host: new URL(c.url, location.href).origin };
  if (user) {
    init.externalId = user.externalId;
    if (user.restoreId) init.restoreId = user.restoreId;
  }
  fc.init(init);
  if (typeof fc.on === "function") {
    fc.on("user:created", (resp) => {
      const id = resp && resp.data && resp.data.restoreId;
      if (typeof id === "string" && id && user && user.restoreId !== id) {
        user.restoreId = id;
        if (restoreWait) restoreWait(id);
        restoreWait = null;
      }
    });
  }
};

const replayIdentify = () => {
  const fs = w[w._fs_namespace || "FS"];
  if (!cfg.sessionReplay || !fs) return;
  if (replayUser && typeof fs.identify === "function") fs.identify(replayUser.externalId);
  else if (!replayUser && typeof fs.anonymize === "function") fs.anonymize();
};

const before = {
  tagManager: () => {
    w.dataLayer = w.dataLayer || [];
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  },
  webMetrics: (key) => queue("ym", "a")(key, "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true }),
  sessionReplay: (key, url) => {
    w._fs_org = key;
    w._fs_namespace = "FS";
    w._fs_script = url;
  },
  pixel: (key) => queue("pixel", "q")("init", key),
};

const after = {
  chat: chatInit,
  sessionReplay: replayIdentify,
  fingerprint: (key) => {
    visitor = Promise.resolve()
      .then(() => w.FingerprintJS.load({ apiKey: key }))
      .then((agent) => agent.get())
      .then((result) => (result && typeof result.visitorId === "string" ? result.visitorId : undefined))
      .catch((e) => {
        console.error("third-party fingerprint failed", e);
        return undefined;
      });
  },
};

/** Load a service's script (async, never blocking); resolves when loaded, rejects on failure. */
export function tp_load(name, url, key) {
  cfg[name] = { key, url };
  safe(`${name} setup`, () => before[name] && before[name](key, url));
  return new Promise((loaded, fail) => {
    const tag = document.createElement("script");
    tag.async = true;
    tag.src = url;
    tag.onload = () => {
      safe(name, () => after[name] && after[name](key, url));
      loaded();
    };
    tag.onerror = () => {
      failed[name] = true;
      fail(new Error(`${name} script did not load`));
    };
    document.head.appendChild(tag);
  });
}

/** One analytics event to one sink (its pixel action id and external event code). */
export function tp_track(sink, event, actionId, code) {
  safe(`${sink} event`, () => {
    const data = { pixelActionId: actionId, externalEventCode: code ?? null };
    if (sink === "tagManager") (w.dataLayer = w.dataLayer || []).push({ event, ...data });
    else if (sink === "webMetrics") queue("ym", "a")(cfg.webMetrics.key, "reachGoal", event, data);
    else if (sink === "pixel") {
      if (typeof actionId !== "number") console.error("Error: Pixel action is not defined");
      else queue("pixel", "q")("track", actionId, { event, externalEventCode: code ?? null });
    }
  });
}

/** The player (id and chat restore id) or nobody, for the chat, and for the session replay
 * when `replay` (outside production); resolves with a new restore id the chat creates, or null
 * when another player comes first. */
export function tp_identify(playerId, restoreId, replay) {
  if (restoreWait) restoreWait(null);
  restoreWait = null;
  user = playerId == null ? null : { externalId: String(playerId), restoreId: restoreId || undefined };
  replayUser = replay ? user : null;
  safe("chat", chatInit);
  safe("session replay", replayIdentify);
  return new Promise((done) => {
    restoreWait = done;
  });
}

const captchaToken = (key, action) =>
  new Promise((done) => {
    let polls = 0;
    const look = () => {
      const g = w.grecaptcha;
      if (g && typeof g.ready === "function" && typeof g.execute === "function") {
        g.ready(() =>
          Promise.resolve(g.execute(key, { action })).then(
            (token) => done(typeof token === "string" ? token : null),
            (e) => {
              console.error("captcha token failed", e);
              done(null);
            },
          ),
        );
      } else if (failed.captcha || ++polls > 50) {
        console.error("captcha token failed: the captcha script is not there");
        done(null);
      } else setTimeout(look, 100);
    };
    look();
  });

const within = (promise, ms) =>
  Promise.race([promise, new Promise((done) => setTimeout(() => done(undefined), ms))]);

/** What a guarded form sends besides its fields: the captcha token (null without a captcha),
 * the visitor fingerprint when known and, for a form, the anti-fraud fingerprint that its
 * integration keeps in localStorage `croupier.fingerprint2` (SPEC §7: registration and login
 * send both fingerprints). */
export function tp_guard(action) {
  // No action: no captcha token is asked for (the messenger sign-in).
  const token = cfg.captcha && action ? within(captchaToken(cfg.captcha.key, action), 6000).then((t) => t ?? null) : Promise.resolve(null);
  const fingerprint = visitor ? within(visitor, 3000) : Promise.resolve(undefined);
  let fingerprint2;
  try {
    fingerprint2 = (action && localStorage.getItem("croupier.fingerprint2")) || undefined;
  } catch {
    // Storage refused (private mode): nothing to add.
  }
  return Promise.all([token, fingerprint]).then(([captchaToken, fingerprint]) => ({ captchaToken, fingerprint, fingerprint2 }));
}
