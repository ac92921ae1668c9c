import { GroupCode } from "../../shared/GroupCode";
import { ProfileInfo } from "../../features/profile/ProfileInfo";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-info` (SPEC §2). */
export default function ProfileInfoPage() {
  return (
    <PlayerPage route="profile-info">
      <GroupCode group="account" lines={5}>
        <ProfileInfo />
      </GroupCode>
    </PlayerPage>
  );
}
