import "./bonuses.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { ModalFrame } from "../../ui/ModalFrame";

/** SPEC §4 Loyalty: a higher level shows this modal, or on a game page a banner the core
 * takes away after 3 s. Mounted once by the app. */
export default function LevelUp() {
  const t = useText();
  const dispatch = useDispatch();
  const up = useCore((s) => s.bonuses.levelUp);
  if (!up) return null;
  const g = (k: string) => t(`global-components.loyalty.${k}`, { level: up.level });
  if (up.banner) {
    return (
      <div className="level-banner" role="status" data-testid="level-up-banner">
        {g("levelUpBanner")}
      </div>
    );
  }
  const close = () => dispatch({ type: "levelUpSeen" });
  return (
    <ModalFrame title={g("levelUp")} closeLabel={t("layout.close")} onClose={close}>
      <div className="bonus-confirm" data-testid="level-up">
        <p className="bonus-amount">{up.level}</p>
        <p>{g("levelUpText")}</p>
        <div className="bonus-actions">
          <Button onClick={close}>{g("great")}</Button>
        </div>
      </div>
    </ModalFrame>
  );
}
