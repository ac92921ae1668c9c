import { useText } from "../../core/store";
import { AccountCode } from "../../features/profile/AccountCode";
import { SessionsPanel } from "../../features/profile/SessionsPanel";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-sessions` (SPEC §2): where the player is signed in. */
export default function ProfileSessionsPage() {
  const t = useText();
  return (
    <PlayerPage route="profile-sessions" lines={5} intro={t("global-components.security.sessionsIntro")}>
      <AccountCode lines={5}>
        <SessionsPanel />
      </AccountCode>
    </PlayerPage>
  );
}
