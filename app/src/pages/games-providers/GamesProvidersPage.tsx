import { PendingPage } from "../PendingPage";

/** `games-providers` (SPEC §2): the feature comes in a later issue. */
export default function GamesProvidersPage() {
  return <PendingPage />;
}
