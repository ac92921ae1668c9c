import { useCore, useDispatch, useText } from "../../core/store";
import { SessionsPanel } from "../../features/profile/SessionsPanel";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `profile-sessions` (SPEC §2): where the player is signed in. */
export default function ProfileSessionsPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "booting") return <Skeleton lines={5} name="profile-sessions-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile-sessions")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-sessions")}</h1>
        <p className="muted">{t("global-components.security.sessionsIntro")}</p>
      </div>
      <SessionsPanel />
    </section>
  );
}
