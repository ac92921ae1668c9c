import { useCore } from "../core/store";

/** Offline: the page shows the last saved state, with the time it was kept (the core's text). */
export function OfflineBanner() {
  const offline = useCore((s) => s.nav.offline);
  return offline ? (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {offline}
    </p>
  ) : null;
}
