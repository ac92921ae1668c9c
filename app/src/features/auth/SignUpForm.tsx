import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { CheckboxField, SelectField, TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";
import { SocialButtons } from "./SocialButtons";

export function SignUpForm() {
  const t = useText();
  const dispatch = useDispatch();
  const currencies = useCore((s) => s.options.currencies);
  const f = useForm("signUp");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error}>
      <TextField id="signup-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} placeholder={t("fields-settings.email.placeholder")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
      <TextField id="signup-password" type="password" autoComplete="new-password" label={t("fields-settings.password.label")} placeholder={t("fields-settings.password.placeholder")} value={f.text("password")} error={f.view.errors.password} onChange={(v) => f.input("password", v)} onBlur={() => f.blur("password")} />
      <SelectField
        id="signup-currency"
        label={t("fields-settings.currency.label")}
        placeholder={t("fields-settings.currency.placeholder")}
        value={f.text("currency")}
        options={currencies.map((c) => ({ value: c.code, label: c.label }))}
        error={f.view.errors.currency}
        onChange={(v) => f.input("currency", v)}
        onBlur={() => f.blur("currency")}
      />
      <CheckboxField id="signup-agreements" label={t("fields-settings.agreements.label")} checked={f.checked("agreements")} error={f.view.errors.agreements} onChange={(v) => f.input("agreements", v)} />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.signUp.submit")}
      </Button>
      <SocialButtons />
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "get-code" })}>
          {t("modals.getCode.withPhone")}
        </button>
      </p>
      <p className="form-alt">
        {t("modals.signUp.haveAccount")}{" "}
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
          {t("layout.signIn")}
        </button>
      </p>
    </FormFrame>
  );
}
