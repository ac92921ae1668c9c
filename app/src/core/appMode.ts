/**
 * The app mode (production, staging or sandbox) and what it chooses (SPEC §7: the sportsbook
 * script comes from the provider at a production or staging address by app mode). The
 * addresses are build configuration (`VITE_SPORTSBOOK_SCRIPT_*`); the sandbox serves a
 * stand-in with the same SDK surface. Empty means no sportsbook: nothing is loaded.
 */
export type AppMode = "production" | "staging" | "sandbox";

const env = import.meta.env;

export const appMode: AppMode =
  env.VITE_APP_MODE === "production" || env.VITE_APP_MODE === "staging" ? env.VITE_APP_MODE : "sandbox";

const sportsbookScripts: Record<AppMode, string> = {
  production: env.VITE_SPORTSBOOK_SCRIPT_PRODUCTION ?? "",
  staging: env.VITE_SPORTSBOOK_SCRIPT_STAGING ?? "",
  sandbox: "/sportsbook/sdk.js",
};

export const sportsbookScript = (mode: AppMode = appMode): string => sportsbookScripts[mode];
