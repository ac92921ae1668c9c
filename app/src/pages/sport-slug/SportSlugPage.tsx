import { PendingPage } from "../PendingPage";

/** `sport-slug` (SPEC §2): the feature comes in a later issue. */
export default function SportSlugPage() {
  return <PendingPage />;
}
