import { useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";

/** reset-pass: the code from the e-mail (filled in from a reset link) and the new password. */
export function ResetPassForm() {
  const t = useText();
  const f = useForm("resetPass");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("modals.resetPass.text")}</p>}>
      <TextField id="reset-code" autoComplete="one-time-code" label={t("fields-settings.code.label")} placeholder={t("fields-settings.code.placeholder")} value={f.text("code")} error={f.view.errors.code} onChange={(v) => f.input("code", v)} onBlur={() => f.blur("code")} />
      <TextField id="reset-password" type="password" autoComplete="new-password" label={t("fields-settings.newPassword.label")} placeholder={t("fields-settings.password.placeholder")} value={f.text("password")} error={f.view.errors.password} onChange={(v) => f.input("password", v)} onBlur={() => f.blur("password")} />
      <TextField id="reset-password-confirmation" type="password" autoComplete="new-password" label={t("fields-settings.password_confirmation.label")} value={f.text("password_confirmation")} error={f.view.errors.password_confirmation} onChange={(v) => f.input("password_confirmation", v)} onBlur={() => f.blur("password_confirmation")} />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.resetPass.submit")}
      </Button>
    </FormFrame>
  );
}
