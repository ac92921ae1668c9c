import { PendingPage } from "../PendingPage";

/** `profile-info` (SPEC §2): the feature comes in a later issue. */
export default function ProfileInfoPage() {
  return <PendingPage />;
}
