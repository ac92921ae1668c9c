import { useText } from "../../core/store";
import { GroupCode } from "../../shared/GroupCode";
import { SessionsPanel } from "../../features/profile/SessionsPanel";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-sessions` (SPEC §2): where the player is signed in. */
export default function ProfileSessionsPage() {
  const t = useText();
  return (
    <PlayerPage route="profile-sessions" lines={5} intro={t("global-components.security.sessionsIntro")}>
      <GroupCode group="account" lines={5}>
        <SessionsPanel />
      </GroupCode>
    </PlayerPage>
  );
}
