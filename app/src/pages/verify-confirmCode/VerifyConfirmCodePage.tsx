import { PendingPage } from "../PendingPage";

/** `verify-confirmCode` (SPEC §2): the feature comes in a later issue. */
export default function VerifyConfirmCodePage() {
  return <PendingPage />;
}
