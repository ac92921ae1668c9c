import type { LimitView } from "../../core/types";

type T = (key: string, params?: Record<string, string>) => string;

/** "Daily", "Weekly", "Monthly" for amounts; "1 day", "7 days", "30 days" for breaks. */
export function periodText(t: T, period: string, hasAmount: boolean): string {
  return hasAmount ? t(`global-components.limits.period.${period}`) : t(`global-components.limits.duration.${period}`);
}

/** "Daily deposit limit: 50.00 USD" / "Self-exclusion until …". */
export function limitText(t: T, l: LimitView): string {
  const kind = t(`global-components.limits.${l.name}.title`);
  // The core formats the end (SPEC §9 `DD.MM.YY, HH:mm` in the device's zone).
  if (!l.hasAmount) return t("global-components.limits.untilLine", { kind, until: l.untilText ?? "" });
  return t("global-components.limits.amountLine", {
    period: periodText(t, l.period, true),
    kind,
    amount: `${l.amount ?? ""} ${l.currency ?? ""}`.trim(),
  });
}
