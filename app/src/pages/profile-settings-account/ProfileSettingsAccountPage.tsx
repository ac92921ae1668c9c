import { AccountCode } from "../../features/profile/AccountCode";
import { AccountSettings } from "../../features/profile/AccountSettings";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-settings-account` (SPEC §2). */
export default function ProfileSettingsAccountPage() {
  return (
    <PlayerPage route="profile-settings-account">
      <AccountCode lines={3}>
        <AccountSettings />
      </AccountCode>
    </PlayerPage>
  );
}
