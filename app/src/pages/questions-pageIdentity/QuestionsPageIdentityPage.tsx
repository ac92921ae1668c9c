import { PendingPage } from "../PendingPage";

/** `questions-pageIdentity` (SPEC §2): the feature comes in a later issue. */
export default function QuestionsPageIdentityPage() {
  return <PendingPage />;
}
