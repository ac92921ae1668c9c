import "./profile.css";
import { useCore, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";
import { Skeleton } from "../../ui/Skeleton";

/** /profile/settings/account: the language the account's messages are written in. */
export function AccountSettings() {
  const t = useText();
  const f = useForm("accountSettings");
  const loaded = useCore((s) => s.profile.me !== undefined && s.profile.me !== null);
  const locales = useCore((s) => s.nav.locales);
  if (!loaded) return <Skeleton lines={2} name="profile-settings" />;
  // One option per language (pt and pt-br both write Portuguese).
  const languages = locales.reduce<{ value: string; label: string }[]>((list, l) => {
    const code = l.code.split("-")[0].toLowerCase();
    if (!list.some((o) => o.value === code)) list.push({ value: code, label: l.name });
    return list;
  }, []);
  return (
    <section className="panel">
      <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("global-components.profile.languageIntro")}</p>}>
        <SelectField
          id="account-language"
          label={t("global-components.profile.language")}
          placeholder={t("global-components.limits.choose")}
          value={f.text("language")}
          options={languages}
          error={f.view.errors.language}
          onChange={(v) => f.input("language", v)}
          onBlur={() => f.blur("language")}
        />
        <Button type="submit" busy={f.view.submitting}>
          {t("global-components.profile.save")}
        </Button>
      </FormFrame>
    </section>
  );
}
