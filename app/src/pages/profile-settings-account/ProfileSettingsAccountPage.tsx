import { useCore, useDispatch, useText } from "../../core/store";
import { AccountSettings } from "../../features/profile/AccountSettings";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `profile-settings-account` (SPEC §2). */
export default function ProfileSettingsAccountPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "booting") return <Skeleton lines={5} name="profile-settings-account-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.profile-settings-account")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-settings-account")}</h1>
      </div>
      <AccountSettings />
    </section>
  );
}
