import "../../features/profile/profile.css";
import { useText } from "../../core/store";
import { Link } from "../../shared/Link";

/** `profile-settings` (SPEC §2): its two children. */
export default function ProfileSettingsPage() {
  const t = useText();
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.profile-settings")}</h1>
      </div>
      <div className="profile-hub">
        <div className="panel">
          <Link to="profile-settings-account">{t("layout.pages.profile-settings-account")}</Link>
          <p className="muted">{t("global-components.profile.languageIntro")}</p>
        </div>
        <div className="panel">
          <Link to="profile-settings-notifications">{t("layout.pages.profile-settings-notifications")}</Link>
          <p className="muted">{t("global-components.profile.settingsIntro")}</p>
        </div>
      </div>
    </section>
  );
}
