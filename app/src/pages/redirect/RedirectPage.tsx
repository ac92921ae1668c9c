import { PendingPage } from "../PendingPage";

/** `redirect` (SPEC §2): the feature comes in a later issue. */
export default function RedirectPage() {
  return <PendingPage />;
}
