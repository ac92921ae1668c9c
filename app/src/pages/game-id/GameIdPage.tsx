import { PendingPage } from "../PendingPage";

/** `game-id` (SPEC §2): the feature comes in a later issue. */
export default function GameIdPage() {
  return <PendingPage />;
}
