import { PendingPage } from "../PendingPage";

/** `bonus-pageIdentity` (SPEC §2): the feature comes in a later issue. */
export default function BonusPageIdentityPage() {
  return <PendingPage />;
}
