import { PendingPage } from "../PendingPage";

/** `referral` (SPEC §2): the feature comes in a later issue. */
export default function ReferralPage() {
  return <PendingPage />;
}
