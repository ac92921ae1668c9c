import { PendingPage } from "../PendingPage";

/** `profile-personal` (SPEC §2): the feature comes in a later issue. */
export default function ProfilePersonalPage() {
  return <PendingPage />;
}
