import { QuestionsList } from "../../features/content/Questions";

/** `questions` (SPEC §2): the questions list. */
export default function QuestionsPage() {
  return <QuestionsList />;
}
