import { PendingPage } from "../PendingPage";

/** `profile-settings-account` (SPEC §2): the feature comes in a later issue. */
export default function ProfileSettingsAccountPage() {
  return <PendingPage />;
}
