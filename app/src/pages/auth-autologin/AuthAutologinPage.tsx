import { PendingPage } from "../PendingPage";

/** `auth-autologin` (SPEC §2): the feature comes in a later issue. */
export default function AuthAutologinPage() {
  return <PendingPage />;
}
