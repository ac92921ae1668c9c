// Line icons drawn inline: no font or image request, crisp at any size.
const paths: Record<string, string> = {
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  casino: "M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm5 5l-3 4 3 4 3-4z",
  sport: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4l3.5 2.5-1.3 4H9.8l-1.3-4zM12 3v4m3.5 2.5L20 8m-5.8 5.5L16 18m-6.2-4.5L8 18M8.5 9.5L4 8",
  bonuses: "M4 10h16v10H4zM3 7h18v3H3zm9 0v13M12 7c-2-4-6-3-5 0m5 0c2-4 6-3 5 0",
  wallet: "M4 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm12 6h4v3h-4a1.5 1.5 0 0 1 0-3zM5 6l10-3 1 3",
  support: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2.5 7a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V15m0 2.5v.5",
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
