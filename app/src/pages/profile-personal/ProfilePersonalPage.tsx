import { GroupCode } from "../../shared/GroupCode";
import { Documents } from "../../features/profile/Documents";
import { PersonalForm } from "../../features/profile/PersonalForm";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-personal` (SPEC §2): the player's personal details, and under them the documents
 * that prove them (issue 14: no documents route in SPEC §2, so they sit with the details). */
export default function ProfilePersonalPage() {
  return (
    <PlayerPage route="profile-personal" lines={6}>
      <GroupCode group="account" lines={6}>
        <PersonalForm />
        <Documents />
      </GroupCode>
    </PlayerPage>
  );
}
