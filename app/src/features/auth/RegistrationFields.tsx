import { useCore, useText } from "../../core/store";
import { SelectField, TextField } from "../../ui/Field";
import type { useForm } from "../../shared/useForm";

const AUTOCOMPLETE: Record<string, string> = {
  nickname: "nickname",
  firstName: "given-name",
  lastName: "family-name",
  birthdate: "bday",
  country: "country",
  city: "address-level2",
  address: "street-address",
  postalCode: "postal-code",
};

/** The fields the operator's registration rules require beyond e-mail, password, currency and
 * terms (SPEC §5 scenario registration): the core says which, their labels and shapes. */
export function RegistrationFields({ f, id }: { f: ReturnType<typeof useForm>; id: string }) {
  const t = useText();
  const { fields, countries } = useCore((s) => s.registration);
  return (
    <>
      {fields.map((field) =>
        field.kind === "country" ? (
          <SelectField
            key={field.name}
            id={`${id}-${field.name}`}
            label={t(field.label)}
            placeholder={t("global-components.personal.chooseCountry")}
            value={f.text(field.name)}
            options={countries.map(([code, name]) => ({ value: code, label: name }))}
            error={f.view.errors[field.name]}
            onChange={(v) => f.input(field.name, v)}
            onBlur={() => f.blur(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            id={`${id}-${field.name}`}
            label={t(field.label)}
            hint={field.hint ? t(field.hint) : undefined}
            placeholder={field.placeholder || undefined}
            inputMode={field.kind === "text" ? undefined : "numeric"}
            autoComplete={AUTOCOMPLETE[field.name]}
            value={f.text(field.name)}
            error={f.view.errors[field.name]}
            onChange={(v) => f.input(field.name, v)}
            onBlur={() => f.blur(field.name)}
          />
        ),
      )}
    </>
  );
}
