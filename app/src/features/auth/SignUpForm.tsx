import { useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";
import { SignUpTerms } from "./SignUpTerms";
import { OtherWaysIn } from "./SocialButtons";

export function SignUpForm() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("signUp");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error}>
      <TextField id="signup-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} placeholder={t("fields-settings.email.placeholder")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
      <TextField id="signup-password" type="password" autoComplete="new-password" label={t("fields-settings.password.label")} placeholder={t("fields-settings.password.placeholder")} value={f.text("password")} error={f.view.errors.password} onChange={(v) => f.input("password", v)} onBlur={() => f.blur("password")} />
      <SignUpTerms f={f} id="signup" />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.signUp.submit")}
      </Button>
      <OtherWaysIn />
      <p className="form-alt">
        {t("modals.signUp.haveAccount")}{" "}
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
          {t("layout.signIn")}
        </button>
      </p>
    </FormFrame>
  );
}
