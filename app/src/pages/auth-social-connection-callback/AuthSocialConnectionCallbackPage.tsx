import { PendingPage } from "../PendingPage";

/** `auth-social-connection-callback` (SPEC §2): the feature comes in a later issue. */
export default function AuthSocialConnectionCallbackPage() {
  return <PendingPage />;
}
