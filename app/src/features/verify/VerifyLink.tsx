import "./verify.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link, usePath } from "../../shared/Link";
import { Button } from "../../ui/Button";

/** `/verify/{confirmCode}`: the core confirms with the mail's code alone (signed in or not);
 * this shows how it went and where to go on, or how to get a new mail. */
export function VerifyLink() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.verify);
  const profileInfo = usePath("profile-info");
  const status = useCore((s) => s.session.status);
  const home = useCore((s) => s.nav.homePath);
  const player = status === "player";
  const checking = v.link === "idle" || v.link === "checking";
  const done = v.link === "confirmed" || v.link === "used";
  const title = t(checking ? "layout.verify.checking" : `layout.verify.${v.link}`);
  const text =
    v.link === "confirmed"
      ? t("layout.verify.confirmedText", { email: v.linkEmail })
      : v.link === "used"
        ? t("layout.verify.usedText")
        : v.link === "expired" || v.link === "invalid"
          ? t("layout.verify.newText")
          : null;
  return (
    <section className="page hero verify-page" aria-labelledby="page-title" aria-busy={checking || undefined}>
      <h1 id="page-title">{t("layout.pages.verify-confirmCode")}</h1>
      <div className="verify-page" role="status" data-testid="verify-status" data-status={v.link}>
        <h2>
          {checking ? <span className="spinner" aria-hidden="true" /> : null} {title}
        </h2>
        {text ? <p>{text}</p> : null}
      </div>
      {checking ? null : (
        <div className="modal-actions">
          {v.link === "failed" ? (
            <Button onClick={() => dispatch({ type: "verifyRetry" })}>{t("layout.verify.retry")}</Button>
          ) : done ? (
            player ? (
              <Button onClick={() => dispatch({ type: "navigate", path: profileInfo })}>{t("layout.verify.toProfile")}</Button>
            ) : (
              <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
            )
          ) : player ? (
            <Button busy={v.resending} onClick={() => dispatch({ type: "emailResend" })}>
              {t("layout.verify.askNew")}
            </Button>
          ) : (
            <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.verify.signIn")}</Button>
          )}
          <Link href={home} className="btn btn-secondary">
            {t("layout.error.home")}
          </Link>
        </div>
      )}
    </section>
  );
}
