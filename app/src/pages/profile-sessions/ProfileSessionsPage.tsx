import { PendingPage } from "../PendingPage";

/** `profile-sessions` (SPEC §2): the feature comes in a later issue. */
export default function ProfileSessionsPage() {
  return <PendingPage />;
}
