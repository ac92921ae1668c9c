import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { GroupRetry } from "../../shared/GroupRetry";
import { Skeleton } from "../../ui/Skeleton";
import { BonusesPanel } from "./BonusesPanel";

/** /bonuses and /profile/bonuses: a guest is asked to sign in; a player sees the panel. */
export function BonusesScreen({ title }: { title: string }) {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const currency = useCore((s) => s.bonuses.currency);
  const code = useCore((s) => s.groups.bonuses);
  if (status === "booting") return <Skeleton lines={4} name="bonuses-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t(title)}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t(title)}</h1>
        {currency ? <p className="muted">{t("global-components.bonuses.pageIntro", { currency })}</p> : null}
      </div>
      {code === "ready" ? (
        <BonusesPanel />
      ) : code === "failed" ? (
        <GroupRetry group="bonuses" />
      ) : (
        <Skeleton lines={4} name="bonuses-code" />
      )}
    </section>
  );
}
