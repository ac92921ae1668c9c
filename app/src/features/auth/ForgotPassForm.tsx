import { useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";

/** forgot-pass: the e-mail that gets a reset link. */
export function ForgotPassForm() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("forgotPass");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("modals.forgotPass.text")}</p>}>
      <TextField id="forgot-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} placeholder={t("fields-settings.email.placeholder")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.forgotPass.submit")}
      </Button>
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
          {t("modals.forgotPass.back")}
        </button>
      </p>
    </FormFrame>
  );
}
