import "./protection.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Skeleton } from "../../ui/Skeleton";
import { lengthText } from "./format";
import { CodeRetry } from "./RealityCheck";

const CHOICES = [0, 15, 30, 60];
const LENGTHS = [0, 30, 60, 120, 240];

/** On the limits page: the reality-check interval, the session length and the daily reminder,
 * the player's own choices kept on this device. */
export function RealityCheckSettings() {
  const code = useCore((s) => s.groups.protection);
  // The choices are read from the device by the group's code: shown once it is here.
  if (code === "failed") return <CodeRetry />;
  if (code !== "ready") return <Skeleton lines={4} name="reality-settings" />;
  return <Choices />;
}

function Choices() {
  const t = useText();
  const dispatch = useDispatch();
  const interval = useCore((s) => s.protection.interval);
  const length = useCore((s) => s.protection.length);
  const reminder = useCore((s) => s.protection.reminder);
  return (
    <section className="panel reality-settings" aria-labelledby="reality-settings-title" data-testid="reality-settings">
      <h2 id="reality-settings-title">{t("global-components.protection.settingsTitle")}</h2>
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
      <p className="muted">{t("global-components.protection.lengthHint")}</p>
      <label className="field">
        <span>{t("global-components.protection.lengthTitle")}</span>
        <select value={length} data-testid="session-length" onChange={(e) => dispatch({ type: "sessionLength", minutes: Number(e.target.value) })}>
          {LENGTHS.map((m) => (
            <option key={m} value={m}>
              {m ? lengthText(t, m) : t("global-components.protection.off")}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">{t("global-components.protection.reminderHint")}</p>
      <label className="field">
        <span>{t("global-components.protection.reminderTitle")}</span>
        <input
          type="time"
          value={reminder}
          data-testid="daily-reminder-time"
          onChange={(e) => dispatch({ type: "dailyReminder", time: e.target.value })}
        />
      </label>
      <p className="muted" data-testid="reality-device">
        {t("global-components.protection.device")}
      </p>
    </section>
  );
}
