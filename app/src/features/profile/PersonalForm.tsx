import { useCore, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { SelectField, TextField } from "../../ui/Field";
import { Skeleton } from "../../ui/Skeleton";
import { useForm } from "../../shared/useForm";

const TEXT_FIELDS = [
  ["firstName", "given-name"],
  ["lastName", "family-name"],
] as const;
const ADDRESS_FIELDS = [
  ["city", "address-level2"],
  ["address", "street-address"],
  ["postalCode", "postal-code"],
] as const;

/** /profile/personal: names, birthdate, country, address and, for Brazil, the CPF; the core
 * applies the server's field rules (scenario profile) and the product's. */
export function PersonalForm() {
  const t = useText();
  const me = useCore((s) => s.profile.me);
  const countries = useCore((s) => s.profile.countries);
  const cpfMask = useCore((s) => s.profile.cpfMask);
  const f = useForm("personal");
  if (!me) return <Skeleton lines={6} name="profile-personal" />;
  const field = (name: string, autoComplete: string, date = false) => (
    <TextField
      key={name}
      id={`personal-${name}`}
      inputMode={date ? "numeric" : undefined}
      autoComplete={autoComplete}
      label={t(`global-components.personal.${name}`)}
      hint={date ? t("global-components.personal.birthdateHint") : undefined}
      placeholder={date ? "1990-12-31" : undefined}
      value={f.text(name)}
      error={f.view.errors[name]}
      onChange={(v) => f.input(name, v)}
      onBlur={() => f.blur(name)}
    />
  );
  const brazil = f.text("country") === "BR";
  return (
    <div className="panel personal">
      <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("global-components.personal.intro")}</p>}>
        {TEXT_FIELDS.map(([n, a]) => field(n, a))}
        {field("birthdate", "bday", true)}
        <SelectField
          id="personal-country"
          label={t("global-components.personal.country")}
          placeholder={t("global-components.personal.chooseCountry")}
          value={f.text("country")}
          options={countries.map(([code, name]) => ({ value: code, label: name }))}
          error={f.view.errors.country}
          onChange={(v) => f.input("country", v)}
          onBlur={() => f.blur("country")}
        />
        {ADDRESS_FIELDS.map(([n, a]) => field(n, a))}
        {brazil || f.text("cpf_number") ? (
          <TextField
            id="personal-cpf_number"
            inputMode="numeric"
            label={t("global-components.personal.cpf_number")}
            placeholder={cpfMask.replace(/#/g, "0")}
            value={f.text("cpf_number")}
            error={f.view.errors.cpf_number}
            onChange={(v) => f.input("cpf_number", v)}
            onBlur={() => f.blur("cpf_number")}
          />
        ) : null}
        <Button type="submit" busy={f.view.submitting}>
          {t("global-components.personal.save")}
        </Button>
      </FormFrame>
    </div>
  );
}
