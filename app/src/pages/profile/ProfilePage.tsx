import { PendingPage } from "../PendingPage";

/** `profile` (SPEC §2): the feature comes in a later issue. */
export default function ProfilePage() {
  return <PendingPage />;
}
