import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { BonusesPanel } from "./BonusesPanel";

/** /bonuses and /profile/bonuses: a guest is asked to sign in; a player sees the panel. */
export function BonusesScreen({ title }: { title: string }) {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const currency = useCore((s) => s.bonuses.currency);
  const code = useCore((s) => s.groups.bonuses);
  const load = useCore((s) => s.load);
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
        // The bonuses' part of the core did not arrive (a failed chunk): fetch it again.
        <div className="panel" role="alert">
          <p>{t("layout.groups.failed")}</p>
          <Button variant="secondary" onClick={() => load("bonuses")}>
            {t("layout.groups.retry")}
          </Button>
        </div>
      ) : (
        <Skeleton lines={4} name="bonuses-code" />
      )}
    </section>
  );
}
