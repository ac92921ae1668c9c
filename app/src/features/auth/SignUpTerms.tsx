import { useCore, useText } from "../../core/store";
import { CheckboxField, SelectField } from "../../ui/Field";
import type { useForm } from "../../shared/useForm";
import { RegistrationFields } from "./RegistrationFields";

/** A sign-up's account currency and the terms to accept, after any field the registration
 * rules require: the e-mail form and the phone's sign-up step ask the same. `id` prefixes the fields' ids. */
export function SignUpTerms({ f, id }: { f: ReturnType<typeof useForm>; id: string }) {
  const t = useText();
  const currencies = useCore((s) => s.options.currencies);
  return (
    <>
      <RegistrationFields f={f} id={id} />
      <SelectField
        id={`${id}-currency`}
        label={t("fields-settings.currency.label")}
        placeholder={t("fields-settings.currency.placeholder")}
        value={f.text("currency")}
        options={currencies.map((c) => ({ value: c.code, label: c.label }))}
        error={f.view.errors.currency}
        onChange={(v) => f.input("currency", v)}
        onBlur={() => f.blur("currency")}
      />
      <CheckboxField id={`${id}-agreements`} label={t("fields-settings.agreements.label")} checked={f.checked("agreements")} error={f.view.errors.agreements} onChange={(v) => f.input("agreements", v)} />
    </>
  );
}
