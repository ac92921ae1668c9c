import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { RouteName } from "../core/names.gen";
import type { PageLoader, PageRegistrations } from "../shared/registrations";

// One folder per route name of SPEC §2 (`pages/<route-name>/<Name>Page.tsx`), each its own
// chunk: a route loads its page's code only. `satisfies` makes tsc fail when a route of the
// core's table (names.gen.ts, generated from Rust) has no page or a page names no route.
// Features that own a whole page export it from their `registrations.ts` and are spread here.
const pages = {
  "auth-autologin": () => import("./auth-autologin/AuthAutologinPage"),
  "auth-social-connection-callback": () => import("./auth-social-connection-callback/AuthSocialConnectionCallbackPage"),
  "bonus-pageIdentity": () => import("./bonus-pageIdentity/BonusPageIdentityPage"),
  bonuses: () => import("./bonuses/BonusesPage"),
  contact: () => import("./contact/ContactPage"),
  favorites: () => import("./favorites/FavoritesPage"),
  "game-id": () => import("./game-id/GameIdPage"),
  games: () => import("./games/GamesPage"),
  "games-id": () => import("./games-id/GamesIdPage"),
  "games-providers": () => import("./games-providers/GamesProvidersPage"),
  index: () => import("./index/HomePage"),
  "password-reset-resetCode": () => import("./password-reset-resetCode/PasswordResetResetCodePage"),
  profile: () => import("./profile/ProfilePage"),
  "profile-bonuses": () => import("./profile-bonuses/ProfileBonusesPage"),
  "profile-info": () => import("./profile-info/ProfileInfoPage"),
  "profile-limits": () => import("./profile-limits/ProfileLimitsPage"),
  "profile-personal": () => import("./profile-personal/ProfilePersonalPage"),
  "profile-sessions": () => import("./profile-sessions/ProfileSessionsPage"),
  "profile-settings": () => import("./profile-settings/ProfileSettingsPage"),
  "profile-settings-account": () => import("./profile-settings-account/ProfileSettingsAccountPage"),
  "profile-settings-notifications": () => import("./profile-settings-notifications/ProfileSettingsNotificationsPage"),
  questions: () => import("./questions/QuestionsPage"),
  "questions-pageIdentity": () => import("./questions-pageIdentity/QuestionsPageIdentityPage"),
  "recently-played": () => import("./recently-played/RecentlyPlayedPage"),
  redirect: () => import("./redirect/RedirectPage"),
  referral: () => import("./referral/ReferralPage"),
  slug: () => import("./slug/SlugPage"),
  "sport-slug": () => import("./sport-slug/SportSlugPage"),
  "static-pageIdentity": () => import("./static-pageIdentity/StaticPageIdentityPage"),
  support: () => import("./support/SupportPage"),
  "verify-confirmCode": () => import("./verify-confirmCode/VerifyConfirmCodePage"),
  wallet: () => import("./wallet/WalletPage"),
  "wallet-history": () => import("./wallet-history/WalletHistoryPage"),
  "welcome-package": () => import("./welcome-package/WelcomePackagePage"),
} satisfies Record<RouteName, PageLoader> satisfies PageRegistrations;

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
/** Pages whose code was loaded before the first render: drawn at once, with no fallback. */
const loaded = new Map<string, ComponentType>();

const isRoute = (name: string): name is RouteName => Object.hasOwn(pages, name);

/** The lazily loaded page of a route name (without `locale-`), if there is one. */
export function pageFor(name: string): ComponentType | undefined {
  const ready = loaded.get(name);
  if (ready) return ready;
  const hit = cache.get(name);
  if (hit) return hit;
  if (!isRoute(name)) return undefined;
  const page = lazy(pages[name]);
  cache.set(name, page);
  return page;
}

/** Loads a page's code ahead of the first render (the page painted before the core), so it is
 * drawn with the frame instead of after a skeleton that would shift the layout. */
export async function preloadPage(name: string): Promise<void> {
  if (!isRoute(name) || cache.has(name)) return;
  loaded.set(name, (await pages[name]()).default);
}

/** Route names that have a page (all of them: checked by tsc and registry.test.ts). */
export const pageNames = (Object.keys(pages) as RouteName[]).sort();

/** The loader of each route's page, for the registry test. */
export const pageLoaders: Readonly<Record<RouteName, PageLoader>> = pages;
