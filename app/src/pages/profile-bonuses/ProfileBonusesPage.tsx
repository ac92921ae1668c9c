import { BonusesScreen } from "../../features/bonuses/BonusesScreen";

/** `profile-bonuses` (SPEC §2): the bonuses page under the profile. */
export default function ProfileBonusesPage() {
  return <BonusesScreen title="layout.pages.profile-bonuses" />;
}
