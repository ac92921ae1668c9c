type T = (key: string, params?: Record<string, string>) => string;

/** "12 min" / "1 h 05 min": the session's length. */
export function sessionTime(t: T, minutes: number): string {
  if (minutes < 60) return t("global-components.protection.minutes", { minutes: String(minutes) });
  return t("global-components.protection.hours", {
    hours: String(Math.floor(minutes / 60)),
    minutes: String(minutes % 60).padStart(2, "0"),
  });
}

/** "+3.50" / "-2.00": a net result with its sign. */
export function signed(amount: string): string {
  return amount.startsWith("-") || /^0*(\.0*)?$/.test(amount) ? amount : `+${amount}`;
}

/** "30 min" / "2 h": a session length the player chose. */
export function lengthText(t: T, minutes: number): string {
  if (minutes < 60) return t("global-components.protection.minutes", { minutes: String(minutes) });
  return t("global-components.protection.lengthHours", { hours: String(minutes / 60) });
}
