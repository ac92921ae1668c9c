import { PendingPage } from "../PendingPage";

/** `favorites` (SPEC §2): the feature comes in a later issue. */
export default function FavoritesPage() {
  return <PendingPage />;
}
