import { PendingPage } from "../PendingPage";

/** `recently-played` (SPEC §2): the feature comes in a later issue. */
export default function RecentlyPlayedPage() {
  return <PendingPage />;
}
