import { PendingPage } from "../PendingPage";

/** `profile-bonuses` (SPEC §2): the feature comes in a later issue. */
export default function ProfileBonusesPage() {
  return <PendingPage />;
}
