import { PendingPage } from "../PendingPage";

/** `games` (SPEC §2): the feature comes in a later issue. */
export default function GamesPage() {
  return <PendingPage />;
}
