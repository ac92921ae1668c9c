import "../../features/profile/hub.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { GroupCode } from "../../shared/GroupCode";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";

/** `profile` (SPEC §2): the account's security and responsible-gaming entry points. A returning
 * player's page is painted before the core (store.ts firstPaintView, and the build's HTML:
 * prerender.tsx EARLY_PLAYER_PAGES): the hub is all the site's own text, so it is drawn at once;
 * only the nickname waits for the player's profile, a line of skeleton in its place meanwhile. */
export default function ProfilePage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const nickname = useCore((s) => s.session.nickname);
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile")}</h1>
        <p className="muted profile-nickname" data-testid="profile-nickname">
          {nickname ?? <span className="skeleton-line" data-skeleton="profile-nickname" aria-hidden="true" />}
        </p>
      </div>
      <div className="profile-hub">
        <section className="panel" aria-labelledby="hub-security">
          <h2 id="hub-security">{t("global-components.security.title")}</h2>
          <p className="muted">{t("global-components.security.text")}</p>
          {/* The two modals run the account group's code: its retry here if it failed. */}
          <GroupCode group="account">
            <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "change-pass" })}>
              {t("modals.change-pass.title")}
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "change-nickname" })}>
              {t("modals.change-nickname.title")}
            </Button>
          </GroupCode>
          <Link to="profile-info">{t("layout.pages.profile-info")}</Link>
          <Link to="profile-sessions">{t("layout.pages.profile-sessions")}</Link>
          <Link to="profile-settings-notifications">{t("layout.pages.profile-settings-notifications")}</Link>
        </section>
        <section className="panel" aria-labelledby="hub-limits">
          <h2 id="hub-limits">{t("layout.pages.profile-limits")}</h2>
          <p className="muted">{t("global-components.limits.intro")}</p>
          <Link to="profile-limits">{t("global-components.security.openLimits")}</Link>
        </section>
      </div>
    </section>
  );
}
