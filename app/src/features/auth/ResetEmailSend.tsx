import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";

/** reset-email-send: the link is on its way; the code can be typed in reset-pass. */
export function ResetEmailSend() {
  const t = useText();
  const dispatch = useDispatch();
  const email = useCore((s) => s.forms.forgotPass.values.email);
  return (
    <div className="form">
      <p className="form-intro">{t("modals.resetEmailSend.text", { email: typeof email === "string" ? email.trim() : "" })}</p>
      <Button className="btn-block" onClick={() => dispatch({ type: "openModal", id: "reset-pass" })}>
        {t("modals.resetEmailSend.haveCode")}
      </Button>
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
          {t("modals.forgotPass.back")}
        </button>
      </p>
    </div>
  );
}
