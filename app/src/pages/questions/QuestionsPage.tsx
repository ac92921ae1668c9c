import { PendingPage } from "../PendingPage";

/** `questions` (SPEC §2): the feature comes in a later issue. */
export default function QuestionsPage() {
  return <PendingPage />;
}
