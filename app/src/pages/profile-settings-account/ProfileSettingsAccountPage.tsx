import { GroupCode } from "../../shared/GroupCode";
import { AccountSettings } from "../../features/profile/AccountSettings";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-settings-account` (SPEC §2). */
export default function ProfileSettingsAccountPage() {
  return (
    <PlayerPage route="profile-settings-account">
      <GroupCode group="account" lines={3}>
        <AccountSettings />
      </GroupCode>
    </PlayerPage>
  );
}
