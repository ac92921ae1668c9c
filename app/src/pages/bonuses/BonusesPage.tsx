import { PendingPage } from "../PendingPage";

/** `bonuses` (SPEC §2): the feature comes in a later issue. */
export default function BonusesPage() {
  return <PendingPage />;
}
