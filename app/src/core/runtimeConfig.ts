/**
 * The operator's runtime configuration: `config.json` next to index.html, read at start, so one
 * build serves any platform (README "Deployment"). Every key is optional; a missing file, bad
 * JSON or a mistyped key keeps the build's default (logged), never stops the app.
 */
import type { ThirdPartyService } from "croupier-core";
import type { AppMode } from "./appMode";

export interface RuntimeConfig {
  /** Origin of the platform API; empty = the page's own. */
  apiBase?: string;
  /** The realtime socket's address (wss://… or a path); empty = the API's websocket path. */
  realtimeUrl?: string;
  /** production, staging or sandbox: picks the sportsbook script below. */
  appMode?: AppMode;
  /** The sportsbook provider's script per app mode; empty = no sportsbook. */
  sportsbookScripts?: Partial<Record<AppMode, string>>;
  defaultLocale?: string;
  /** Locale codes known before settings load. */
  locales?: string[];
  /** Days the affiliate tag cookie lasts (SPEC §9; default 30). */
  affiliateCookieDays?: number;
  /** The reality check's default interval in minutes (15, 30 or 60) until a player picks one;
   * absent = off (issue 30). */
  realityCheckMinutes?: number;
  /** The third-party services' public keys (SPEC §7); empty or absent = the service is off. */
  tagManagerId?: string;
  webMetricsId?: string;
  chatId?: string;
  sessionReplayOrgId?: string;
  fingerprintKey?: string;
  pixelId?: string;
  captchaKey?: string;
  /** Each service's script address; `{key}` is replaced by its key. */
  thirdPartyScripts?: Partial<Record<ThirdPartyService, string>>;
  /** Where the paths beyond SPEC §7 live (docs/API.md "Operator must provide"); `""` = none.
   * The core checks each path and drops what needs a missing one. */
  operatorPaths?: Record<string, string>;
}

/** Each third-party service and its public key in config.json (SPEC §7). */
export const THIRD_PARTY_KEYS = {
  tagManager: "tagManagerId",
  webMetrics: "webMetricsId",
  chat: "chatId",
  sessionReplay: "sessionReplayOrgId",
  fingerprint: "fingerprintKey",
  pixel: "pixelId",
  captcha: "captchaKey",
} as const satisfies Record<ThirdPartyService, keyof RuntimeConfig>;

const SERVICES = Object.keys(THIRD_PARTY_KEYS) as ThirdPartyService[];

/** The core's `thirdParty` config: each service's key and script address. */
export function thirdPartyConfig(config: RuntimeConfig): Partial<Record<ThirdPartyService, { key: string; script: string }>> {
  const out: Partial<Record<ThirdPartyService, { key: string; script: string }>> = {};
  for (const service of SERVICES) {
    const key = config[THIRD_PARTY_KEYS[service]] ?? "";
    out[service] = { key, script: config.thirdPartyScripts?.[service] ?? "" };
  }
  return out;
}

const MODES: readonly AppMode[] = ["production", "staging", "sandbox"];

const isText = (v: unknown): v is string => typeof v === "string";

/** The known keys of a parsed `config.json` with the right types; the rest is reported. */
export function readRuntimeConfig(raw: unknown, warn: (message: string) => void = console.warn): RuntimeConfig {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    if (raw !== undefined) warn("config.json ignored: not an object");
    return {};
  }
  const o = raw as Record<string, unknown>;
  const out: RuntimeConfig = {};
  const bad = (key: string) => warn(`config.json: ${key} ignored (wrong type)`);
  for (const key of ["apiBase", "realtimeUrl", "defaultLocale", ...Object.values(THIRD_PARTY_KEYS)] as const) {
    if (key in o) {
      if (isText(o[key])) out[key] = o[key];
      else bad(key);
    }
  }
  if ("appMode" in o) {
    if (MODES.includes(o.appMode as AppMode)) out.appMode = o.appMode as AppMode;
    else bad("appMode");
  }
  if ("affiliateCookieDays" in o) {
    const d = o.affiliateCookieDays;
    if (typeof d === "number" && Number.isInteger(d) && d > 0) out.affiliateCookieDays = d;
    else bad("affiliateCookieDays");
  }
  if ("realityCheckMinutes" in o) {
    const m = o.realityCheckMinutes;
    if (m === 15 || m === 30 || m === 60) out.realityCheckMinutes = m;
    else bad("realityCheckMinutes");
  }
  if ("locales" in o) {
    if (Array.isArray(o.locales) && o.locales.every(isText)) out.locales = o.locales;
    else bad("locales");
  }
  if ("sportsbookScripts" in o) {
    const s = o.sportsbookScripts;
    if (s && typeof s === "object" && !Array.isArray(s)) {
      const scripts: Partial<Record<AppMode, string>> = {};
      for (const mode of MODES) {
        const v = (s as Record<string, unknown>)[mode];
        if (isText(v)) scripts[mode] = v;
        else if (v !== undefined) bad(`sportsbookScripts.${mode}`);
      }
      out.sportsbookScripts = scripts;
    } else bad("sportsbookScripts");
  }
  if ("operatorPaths" in o) {
    const p = o.operatorPaths;
    if (p && typeof p === "object" && !Array.isArray(p) && Object.values(p).every(isText)) {
      out.operatorPaths = p as Record<string, string>;
    } else bad("operatorPaths");
  }
  if ("thirdPartyScripts" in o) {
    const s = o.thirdPartyScripts;
    if (s && typeof s === "object" && !Array.isArray(s)) {
      const scripts: Partial<Record<ThirdPartyService, string>> = {};
      for (const service of SERVICES) {
        const v = (s as Record<string, unknown>)[service];
        if (isText(v)) scripts[service] = v;
        else if (v !== undefined) bad(`thirdPartyScripts.${service}`);
      }
      out.thirdPartyScripts = scripts;
    } else bad("thirdPartyScripts");
  }
  return out;
}

/** Fetch `config.json` (no cache: an operator's change is seen on the next visit). */
export function fetchRuntimeConfig(path = "/config.json"): Promise<RuntimeConfig> {
  return fetch(path, { cache: "no-cache" })
    .then((r) => (r.ok ? r.json() : undefined))
    .then((raw: unknown) => readRuntimeConfig(raw))
    .catch((error: unknown) => {
      console.warn("config.json not read; the build's defaults apply", error);
      return {};
    });
}
