import { PendingPage } from "../PendingPage";

/** `profile-limits` (SPEC §2): the feature comes in a later issue. */
export default function ProfileLimitsPage() {
  return <PendingPage />;
}
