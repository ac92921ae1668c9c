import "./auth.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { GroupRetry } from "../../shared/GroupRetry";
import { Button } from "../../ui/Button";
import { usePath } from "../../shared/Link";

/** "Continue with …" for each provider the core offers: the page goes to the provider. The
 * list is the session's (eager); the round trip is the identity group's code, which the modal
 * loads: a button pressed before it is here waits for it, and a failed chunk offers its retry. */
export function SocialButtons() {
  const t = useText();
  const dispatch = useDispatch();
  const connections = useCore((s) => s.session.socialConnections);
  // The operator offers no social sign-in (config.json operatorPaths.socialLogin is "").
  if (connections.length === 0) return null;
  return (
    <div className="social-buttons">
      <p className="form-alt social-or" aria-hidden="true">
        {t("layout.social.or")}
      </p>
      {connections.map(([c, name]) => (
        <Button key={c} type="button" variant="secondary" className="btn-block" onClick={() => dispatch({ type: "socialStart", connection: c })}>
          {t("layout.social.continueWith", { provider: name })}
        </Button>
      ))}
      <GroupRetry group="identity" className="form-error" testId="identity-code-failed" />
    </div>
  );
}

/** Under the sign-in and sign-up forms: the providers, then signing in with a phone. */
export function OtherWaysIn() {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <>
      <SocialButtons />
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "get-code" })}>
          {t("modals.getCode.withPhone")}
        </button>
      </p>
    </>
  );
}

/** The callback and auto-login pages: the preloader covers them while the core finishes; a
 * round trip it refused says why, with the way home. */
export function AuthReturn({ working, title }: { working: string; title: string }) {
  const t = useText();
  const social = useCore((s) => s.social);
  const dispatch = useDispatch();
  const home = usePath("index");
  return (
    <section className="page auth-return" aria-labelledby="page-title">
      <h1 id="page-title">{social.error ? t(title) : t(working)}</h1>
      <GroupRetry group="identity" testId="identity-code-failed" />
      {social.error ? (
        <>
          <p className="form-error" role="alert">
            {social.error}
          </p>
          <Button type="button" onClick={() => dispatch({ type: "navigate", path: home })}>
            {t("layout.social.again")}
          </Button>
        </>
      ) : (
        <p className="muted" aria-live="polite">
          {t("layout.loading")}
        </p>
      )}
    </section>
  );
}
