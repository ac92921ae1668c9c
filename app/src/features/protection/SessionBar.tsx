import "./protection.css";
import { useCore, useText } from "../../core/store";
import { sessionTime, signed } from "./format";

/** The always-visible strip on a game page and the sportsbook: how long this session has run
 * and its net result per currency, live from the core's `protection` slice. */
export function SessionBar() {
  const t = useText();
  const v = useCore((s) => s.protection);
  if (!v.active || !v.playing) return null;
  return (
    <aside className="session-bar" aria-label={t("global-components.protection.bar")} data-testid="session-bar">
      <span className="session-bar-label">{t("global-components.protection.bar")}</span>
      <span data-testid="session-time">{sessionTime(t, v.minutes)}</span>
      {v.totals.map((x) => (
        <span key={x.currency} className={x.net.startsWith("-") ? "session-net loss" : "session-net"} data-testid="session-net">
          {t("global-components.protection.net")}: {signed(x.net)} {x.currency}
        </span>
      ))}
    </aside>
  );
}
