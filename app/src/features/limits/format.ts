import type { LimitView } from "../../core/types";

type T = (key: string, params?: Record<string, string>) => string;

/** `2 Dec 2026, 10:00` in the reader's own locale and time zone (the engine formats dates). */
export function untilText(until: number): string {
  return new Date(until * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "Daily", "Weekly", "Monthly" for amounts; "1 day", "7 days", "30 days" for breaks. */
export function periodText(t: T, period: string, definition: number): string {
  return definition > 3 ? t(`global-components.limits.duration.${period}`) : t(`global-components.limits.period.${period}`);
}

/** The definition's text name: bet, loss, deposit, selfExclusion, coolingOff. */
export const NAMES = ["", "bet", "loss", "deposit", "selfExclusion", "coolingOff"] as const;

/** "Daily deposit limit: 50.00 USD" / "Self-exclusion until …". */
export function limitText(t: T, l: LimitView): string {
  const kind = t(`global-components.limits.${NAMES[l.definition]}.title`);
  if (l.until != null) return t("global-components.limits.untilLine", { kind, until: untilText(l.until) });
  return t("global-components.limits.amountLine", {
    period: periodText(t, l.period, l.definition),
    kind,
    amount: `${l.amount ?? ""} ${l.currency ?? ""}`.trim(),
  });
}
