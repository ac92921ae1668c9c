import { PendingPage } from "../PendingPage";

/** `profile-settings-notifications` (SPEC §2): the feature comes in a later issue. */
export default function ProfileSettingsNotificationsPage() {
  return <PendingPage />;
}
