import { QuestionPage } from "../../features/content/Questions";

/** `questions-pageIdentity` (SPEC §2): a question page. */
export default function QuestionsPageIdentityPage() {
  return <QuestionPage />;
}
