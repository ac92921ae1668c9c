import { useCore, useDispatch, useText } from "../../core/store";
import { NotificationSettings } from "../../features/profile/NotificationSettings";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `profile-settings-notifications` (SPEC §2). */
export default function ProfileSettingsNotificationsPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "booting") return <Skeleton lines={5} name="profile-settings-notifications-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile-settings-notifications")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-settings-notifications")}</h1>
      </div>
      <NotificationSettings />
    </section>
  );
}
