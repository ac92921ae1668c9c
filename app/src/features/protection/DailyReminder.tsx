import "./protection.css";
import { useCallback } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { usePath } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { ModalFrame } from "../../ui/ModalFrame";

/** The daily reminder the player set on the limits page: shown once a day on any page when
 * the device's clock passes their time (the core decides when). Escape and the backdrop = OK. */
export default function DailyReminder() {
  const t = useText();
  const dispatch = useDispatch();
  const time = useCore((s) => s.protection.reminder);
  const limits = usePath("profile-limits");
  const done = useCallback(() => dispatch({ type: "reminderDone" }), [dispatch]);
  return (
    <ModalFrame title={t("global-components.protection.reminderTitle")} closeLabel={t("global-components.protection.ok")} onClose={done}>
      <div className="reality-check" data-testid="daily-reminder">
        <p>{t("global-components.protection.reminderLead", { time })}</p>
        <div className="reality-actions">
          <Button onClick={done} data-testid="reminder-ok">
            {t("global-components.protection.ok")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              done();
              dispatch({ type: "navigate", path: limits });
            }}
            data-testid="reminder-limits"
          >
            {t("global-components.protection.limits")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
