import "./protection.css";
import { useCore, useDispatch, useText } from "../../core/store";

const CHOICES = [0, 15, 30, 60];

/** On the limits page: the reality-check interval, a choice kept on this device. */
export function RealityCheckSettings() {
  const t = useText();
  const dispatch = useDispatch();
  const interval = useCore((s) => s.protection.interval);
  return (
    <section className="panel reality-settings" aria-labelledby="reality-settings-title" data-testid="reality-settings">
      <h2 id="reality-settings-title">{t("global-components.protection.interval")}</h2>
      <p className="muted">{t("global-components.protection.intervalHint")}</p>
      <label className="field">
        <span>{t("global-components.protection.interval")}</span>
        <select
          value={interval}
          data-testid="reality-interval"
          onChange={(e) => dispatch({ type: "realityCheckInterval", minutes: Number(e.target.value) })}
        >
          {CHOICES.map((m) => (
            <option key={m} value={m}>
              {m ? t("global-components.protection.every", { minutes: String(m) }) : t("global-components.protection.off")}
            </option>
          ))}
        </select>
      </label>
      <p className="muted" data-testid="reality-device">
        {t("global-components.protection.device")}
      </p>
    </section>
  );
}
