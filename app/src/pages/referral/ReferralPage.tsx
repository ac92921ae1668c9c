import { ReferralScreen } from "../../features/content/Referral";

/** `referral` (SPEC §2): the referral program with the player's link and figures. */
export default function ReferralPage() {
  return <ReferralScreen />;
}
