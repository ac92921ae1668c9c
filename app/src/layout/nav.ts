/** Main sections; labels are content keys. */
export const sections = [
  { href: "/", key: "layout.nav.home", icon: "⌂" },
  { href: "/games", key: "layout.nav.casino", icon: "♠" },
  { href: "/sport", key: "layout.nav.sport", icon: "⚽" },
  { href: "/bonuses", key: "layout.nav.bonuses", icon: "★" },
  { href: "/wallet", key: "layout.nav.wallet", icon: "◈" },
  { href: "/support", key: "layout.nav.support", icon: "?" },
];
