import { PendingPage } from "../PendingPage";

/** `static-pageIdentity` (SPEC §2): the feature comes in a later issue. */
export default function StaticPageIdentityPage() {
  return <PendingPage />;
}
