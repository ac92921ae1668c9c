import "./profile.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { sessionName } from "./sessionName";

/** /profile/sessions: where the player is signed in; close one or all others. */
export function SessionsPanel() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.profile);
  if (v.failed && v.sessions.length === 0) {
    return (
      <div className="panel" role="alert">
        <p>{t("global-components.security.failed")}</p>
        <Button variant="secondary" onClick={() => dispatch({ type: "sessionsPage", page: v.page || 1 })}>
          {t("global-components.wallet.retry")}
        </Button>
      </div>
    );
  }
  if (v.loading) return <Skeleton lines={4} name="sessions" />;
  const others = v.sessions.some((s) => !s.current) || v.pages > 1;
  return (
    <section className="panel sessions" aria-labelledby="sessions-title">
      <div className="sessions-head">
        <h2 id="sessions-title">{t("global-components.security.sessions")}</h2>
        {others ? (
          <Button variant="secondary" onClick={() => dispatch({ type: "sessionsCloseOthers" })}>
            {t("global-components.security.closeOthers")}
          </Button>
        ) : null}
      </div>
      <ul className="session-list">
        {v.sessions.map((s) => (
          <li key={s.id} className="session" data-testid={`session-${s.id}`}>
            <div className="session-text">
              <span className="session-name">
                {sessionName(t, s)}
                {s.current ? <span className="badge">{t("global-components.security.thisDevice")}</span> : null}
              </span>
              <span className="muted">{t("global-components.security.since", { since: s.createdText, active: s.lastActiveText })}</span>
            </div>
            <Button variant="ghost" aria-label={t("global-components.security.closeOne", { name: sessionName(t, s) })} onClick={() => dispatch({ type: "sessionClose", id: s.id })}>
              {s.current ? t("layout.signOut") : t("global-components.security.close")}
            </Button>
          </li>
        ))}
      </ul>
      {v.pages > 1 ? (
        <nav className="sessions-pager" aria-label={t("global-components.notifications.pages")}>
          <Button variant="ghost" disabled={v.page <= 1} onClick={() => dispatch({ type: "sessionsPage", page: v.page - 1 })}>
            {t("global-components.notifications.prev")}
          </Button>
          <span>{t("global-components.notifications.pageOf", { page: String(v.page), pages: String(v.pages) })}</span>
          <Button variant="ghost" disabled={v.page >= v.pages} onClick={() => dispatch({ type: "sessionsPage", page: v.page + 1 })}>
            {t("global-components.notifications.next")}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
