import { PendingPage } from "../PendingPage";

/** `games-id` (SPEC §2): the feature comes in a later issue. */
export default function GamesIdPage() {
  return <PendingPage />;
}
