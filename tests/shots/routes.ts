// The pages the review screenshots cover, shared by the Chromium (shots/) and Firefox
// (firefox-shots/) variants.

/** Every route of SPEC §2 plus the error page, guest, at both sizes: `route-<name>-<size>.png`. */
export const ROUTES: [string, string][] = [
  ["index", "/"], ["wallet", "/wallet"], ["wallet-history", "/wallet/history"], ["bonuses", "/bonuses"],
  ["contact", "/contact"], ["profile", "/profile"], ["profile-info", "/profile/info"], ["profile-limits", "/profile/limits"],
  ["profile-personal", "/profile/personal"], ["profile-sessions", "/profile/sessions"], ["profile-settings", "/profile/settings"],
  ["profile-settings-account", "/profile/settings/account"], ["profile-settings-notifications", "/profile/settings/notifications"],
  ["profile-bonuses", "/profile/bonuses"], ["support", "/support"], ["referral", "/referral"], ["questions", "/questions"],
  ["questions-pageIdentity", "/questions/how-to-deposit"], ["games", "/games"], ["games-providers", "/games/providers"],
  ["games-id", "/games/slots/new"], ["game-id", "/game/book-of-aces"], ["bonus-pageIdentity", "/bonus/welcome-offer"],
  ["static-pageIdentity", "/static/terms"], ["sport-slug", "/sport/live/soccer"], ["welcome-package", "/welcome-package"],
  ["favorites", "/favorites"], ["recently-played", "/recently-played"], ["auth-autologin", "/auth/autologin"],
  ["auth-social-connection-callback", "/auth/social/google/callback"], ["redirect", "/redirect"],
  ["verify-confirmCode", "/verify/abc123"], ["password-reset-resetCode", "/password-reset/abc123"], ["slug", "/some-landing"],
  ["error", "/deep/unknown/page~x"], ["pt-br-games", "/pt-br/games"], ["pt-br-error", "/pt-br/deep/unknown/page~x"],
];
