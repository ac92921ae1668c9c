// Line icons drawn inline: no font or image request, crisp at any size.
const paths = {
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  casino: "M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm5 5l-3 4 3 4 3-4z",
  providers: "M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z",
  sport: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4l3.5 2.5-1.3 4H9.8l-1.3-4zM12 3v4m3.5 2.5L20 8m-5.8 5.5L16 18m-6.2-4.5L8 18M8.5 9.5L4 8",
  live: "M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM7.8 7.8a6 6 0 0 0 0 8.4m8.4 0a6 6 0 0 0 0-8.4M5 5a10 10 0 0 0 0 14m14 0a10 10 0 0 0 0-14",
  bonuses: "M4 10h16v10H4zM3 7h18v3H3zm9 0v13M12 7c-2-4-6-3-5 0m5 0c2-4 6-3 5 0",
  "welcome-package": "M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8-4.3-4.1 5.9-.9z",
  wallet: "M4 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm12 6h4v3h-4a1.5 1.5 0 0 1 0-3zM5 6l10-3 1 3",
  favorites: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
  "recently-played": "M12 4a8 8 0 1 1-7.4 5M4 4v5h5m3-1v4l3 2",
  referral: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9a6 6 0 0 1 12 0m2-12v6m-3-3h6",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0",
  questions: "M4 5h16v11H9l-5 4zm6.2 3.5a2 2 0 1 1 2.7 1.9c-.5.2-.9.6-.9 1.1v.5m0 2v.1",
  support: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2.5 7a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V15m0 2.5v.5",
  contact: "M3 6h18v12H3zm0 0l9 7 9-7",
  collapse: "M15 6l-6 6 6 6",
  expand: "M9 6l6 6-6 6",
  globe: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z",
  close: "M6 6l12 12M18 6L6 18",
  fullscreen: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16l-4-4",
  menu: "M4 7h16M4 12h16M4 17h16",
  plus: "M12 5v14M5 12h14",
  "sign-out": "M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9",
  download: "M12 4v11m-4-4l4 4 4-4M5 19h14",
} as const;

export type IconName = keyof typeof paths;

/** The icon for a name the core sends (a link id); unknown names draw a dot. */
export function iconFor(name: string): IconName | undefined {
  return name in paths ? (name as IconName) : undefined;
}

export function Icon({ name, size = 20 }: { name: IconName | undefined; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {name ? <path d={paths[name]} /> : <circle cx="12" cy="12" r="3" />}
    </svg>
  );
}
