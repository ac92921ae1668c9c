import { PendingPage } from "../PendingPage";

/** `profile-settings` (SPEC §2): the feature comes in a later issue. */
export default function ProfileSettingsPage() {
  return <PendingPage />;
}
