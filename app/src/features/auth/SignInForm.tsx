import { useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";
import { OtherWaysIn } from "./SocialButtons";

export function SignInForm() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("signIn");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error}>
      <TextField id="signin-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} placeholder={t("fields-settings.email.placeholder")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
      <TextField id="signin-password" type="password" autoComplete="current-password" label={t("fields-settings.password.label")} value={f.text("password")} error={f.view.errors.password} onChange={(v) => f.input("password", v)} onBlur={() => f.blur("password")} />
      <p className="form-aside">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "forgot-pass" })}>
          {t("modals.signIn.forgot")}
        </button>
      </p>
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.signIn.submit")}
      </Button>
      <OtherWaysIn />
      <p className="form-alt">
        {t("modals.signIn.noAccount")}{" "}
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-up" })}>
          {t("layout.signUp")}
        </button>
      </p>
    </FormFrame>
  );
}
