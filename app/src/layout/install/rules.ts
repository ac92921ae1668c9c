// The install offer's rules (issue 30), pure so they are tested without a browser: the banner
// once, from the player's second visit, while the browser offers installation; after it the
// drawer's "Install app" entry for as long as the browser offers it; neither once installed
// (the app runs in `display-mode: standalone`) nor where the offer never comes (Firefox, Safari).

export interface InstallState {
  /** The browser offered installation (`beforeinstallprompt`) and the offer is unused. */
  available: boolean;
  /** The page runs as the installed app. */
  standalone: boolean;
  /** Visits so far, this one included. */
  visits: number;
  /** The banner was shown once already (kept on the device). */
  offered: boolean;
  /** The banner is on screen now. */
  bannerOpen: boolean;
}

export type InstallEvent = { type: "available" } | { type: "used" } | { type: "closed" } | { type: "standalone"; standalone: boolean };

export function nextInstallState(s: InstallState, e: InstallEvent): InstallState {
  switch (e.type) {
    case "available": {
      const offer = !s.offered && s.visits >= 2 && !s.standalone;
      return { ...s, available: true, bannerOpen: s.bannerOpen || offer, offered: s.offered || offer };
    }
    // The browser's dialog was asked for (a prompt event serves once) or the app was installed.
    case "used":
      return { ...s, available: false, bannerOpen: false };
    case "closed":
      return { ...s, bannerOpen: false };
    case "standalone":
      return { ...s, standalone: e.standalone, bannerOpen: s.bannerOpen && !e.standalone };
  }
}

export const showBanner = (s: InstallState) => s.bannerOpen && s.available && !s.standalone;

export const showMenuEntry = (s: InstallState) => s.offered && !s.bannerOpen && s.available && !s.standalone;

const VISITS = "croupier.visits";
const COUNTED = "croupier.visit-counted";

/** Counts this visit once per tab session (a reload or a second page of the same visit is not a
 * new visit) and returns the count, this visit included. */
export function countVisit(local: Pick<Storage, "getItem" | "setItem">, session: Pick<Storage, "getItem" | "setItem">): number {
  const seen = Math.max(0, Number(local.getItem(VISITS)) || 0);
  if (session.getItem(COUNTED)) return Math.max(seen, 1);
  session.setItem(COUNTED, "1");
  local.setItem(VISITS, String(seen + 1));
  return seen + 1;
}
