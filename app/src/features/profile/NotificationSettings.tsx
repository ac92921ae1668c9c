import "./profile.css";
import { useCore, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { CheckboxField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";
import { Skeleton } from "../../ui/Skeleton";

const FLAGS = ["receiveEmailPromo", "receiveSmsPromo", "receiveBonus"] as const;

/** /profile/settings/notifications: what the player agrees to receive. */
export function NotificationSettings() {
  const t = useText();
  const f = useForm("profileSettings");
  const loaded = useCore((s) => s.profile.me !== undefined && s.profile.me !== null);
  if (!loaded) return <Skeleton lines={3} name="profile-settings" />;
  return (
    <section className="panel">
      <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("global-components.profile.settingsIntro")}</p>}>
        {FLAGS.map((name) => (
          <CheckboxField key={name} id={`setting-${name}`} label={t(`global-components.profile.${name}`)} checked={f.checked(name)} onChange={(on) => f.input(name, on)} />
        ))}
        <Button type="submit" busy={f.view.submitting}>
          {t("global-components.profile.save")}
        </Button>
      </FormFrame>
    </section>
  );
}
