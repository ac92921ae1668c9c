import type { SessionRow } from "../../core/types";

type T = (key: string, params?: Record<string, string>) => string;

/** "Desktop · web" from what the session was opened with; "Unknown device" without. */
export function sessionName(t: T, s: SessionRow): string {
  const parts = [s.platform, s.source].filter(Boolean);
  return parts.length ? parts.join(" · ") : t("global-components.security.unknownDevice");
}
