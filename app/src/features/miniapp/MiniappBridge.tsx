import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { webApp, type WebApp } from "./telegram";
import { useBackButton, useBusy, useCloseConfirmation, useHaptics } from "./useMiniappChrome";

/** The mini-app's link to the messenger: close confirmation, back button, haptics, and what the
 * player sees while the messenger sign-in runs or after it was refused (SPEC §8). Mounted only
 * in the mini-app. */
export default function MiniappBridge() {
  const app = webApp();
  return app ? <Bridge app={app} /> : null;
}

function Bridge({ app }: { app: WebApp }) {
  const busy = useBusy();
  useCloseConfirmation(app, busy);
  useBackButton(app);
  useHaptics(app);
  return <SignInState app={app} />;
}

function SignInState({ app }: { app: WebApp }) {
  const t = useText();
  const dispatch = useDispatch();
  const m = useCore((s) => s.miniapp);
  const guest = useCore((s) => s.session.status !== "player");
  // The support page stays reachable from the blocked notice.
  const onSupport = useCore((s) => s.nav.page?.name === "support");
  if (m.loggingIn) {
    return (
      <div className="tg-status" role="status" aria-live="polite" data-testid="tg-signing-in">
        {t("layout.miniapp.signingIn")}
      </div>
    );
  }
  if (onSupport || (!m.blocked && !(m.authFailed && guest))) return null;
  const title = m.blocked ? "layout.miniapp.blockedTitle" : "layout.miniapp.authErrorTitle";
  return (
    <div className="tg-panel" role="alertdialog" aria-modal="true" aria-labelledby="tg-panel-title" data-testid={m.blocked ? "tg-blocked" : "tg-auth-error"}>
      <div className="tg-panel-box">
        <h2 id="tg-panel-title">{t(title)}</h2>
        <p>{t(m.blocked ? "layout.miniapp.blockedText" : "layout.miniapp.authErrorText")}</p>
        {m.blocked ? (
          <Link to="support" className="btn btn-primary">
            {t("layout.miniapp.support")}
          </Link>
        ) : (
          <Button onClick={() => dispatch({ type: "miniappRetry" })}>{t("layout.miniapp.retry")}</Button>
        )}
        <Button variant="secondary" onClick={() => app.close()}>
          {t("layout.miniapp.close")}
        </Button>
      </div>
    </div>
  );
}
