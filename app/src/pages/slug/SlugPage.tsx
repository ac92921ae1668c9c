import { PendingPage } from "../PendingPage";

/** `slug` (SPEC §2): the feature comes in a later issue. */
export default function SlugPage() {
  return <PendingPage />;
}
