import { PendingPage } from "../PendingPage";

/** `welcome-package` (SPEC §2): the feature comes in a later issue. */
export default function WelcomePackagePage() {
  return <PendingPage />;
}
