import { AccountCode } from "../../features/profile/AccountCode";
import { ProfileInfo } from "../../features/profile/ProfileInfo";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-info` (SPEC §2). */
export default function ProfileInfoPage() {
  return (
    <PlayerPage route="profile-info">
      <AccountCode lines={5}>
        <ProfileInfo />
      </AccountCode>
    </PlayerPage>
  );
}
