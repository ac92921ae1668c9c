import { useCore, useDispatch, useText } from "../../core/store";
import { LimitsPanel } from "../../features/limits/LimitsPanel";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `profile-limits` (SPEC §2): responsible gaming. */
export default function ProfileLimitsPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "booting") return <Skeleton lines={6} name="profile-limits-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile-limits")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-limits")}</h1>
        <p className="muted">{t("global-components.limits.intro")}</p>
      </div>
      <LimitsPanel />
    </section>
  );
}
