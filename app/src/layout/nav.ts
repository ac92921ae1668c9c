import type { IconName } from "../ui/Icon";

/** Main sections; labels are content keys. */
export const sections: { href: string; key: string; icon: IconName }[] = [
  { href: "/", key: "layout.nav.home", icon: "home" },
  { href: "/games", key: "layout.nav.casino", icon: "casino" },
  { href: "/sport", key: "layout.nav.sport", icon: "sport" },
  { href: "/bonuses", key: "layout.nav.bonuses", icon: "bonuses" },
  { href: "/wallet", key: "layout.nav.wallet", icon: "wallet" },
  { href: "/support", key: "layout.nav.support", icon: "support" },
];
