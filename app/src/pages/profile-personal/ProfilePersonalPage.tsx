import { PersonalForm } from "../../features/profile/PersonalForm";
import { PlayerPage } from "../../shared/PlayerPage";

/** `profile-personal` (SPEC §2): the player's personal details. */
export default function ProfilePersonalPage() {
  return (
    <PlayerPage route="profile-personal" lines={6}>
      <PersonalForm />
    </PlayerPage>
  );
}
