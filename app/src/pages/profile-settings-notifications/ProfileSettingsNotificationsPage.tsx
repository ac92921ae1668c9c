import { GroupCode } from "../../shared/GroupCode";
import { NotificationSettings } from "../../features/profile/NotificationSettings";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-settings-notifications` (SPEC §2). */
export default function ProfileSettingsNotificationsPage() {
  return (
    <PlayerPage route="profile-settings-notifications">
      <GroupCode group="account" lines={4}>
        <NotificationSettings />
      </GroupCode>
    </PlayerPage>
  );
}
