import { PendingPage } from "../PendingPage";

/** `support` (SPEC §2): the feature comes in a later issue. */
export default function SupportPage() {
  return <PendingPage />;
}
