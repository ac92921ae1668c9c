import { AccountCode } from "../../features/profile/AccountCode";
import { NotificationSettings } from "../../features/profile/NotificationSettings";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-settings-notifications` (SPEC §2). */
export default function ProfileSettingsNotificationsPage() {
  return (
    <PlayerPage route="profile-settings-notifications">
      <AccountCode lines={4}>
        <NotificationSettings />
      </AccountCode>
    </PlayerPage>
  );
}
