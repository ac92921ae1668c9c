import { useCore, useText } from "../../core/store";
import { GroupCode } from "../../shared/GroupCode";
import { Link } from "../../shared/Link";
import { Skeleton } from "../../ui/Skeleton";
import { ContentPage, Failed } from "./ContentPage";

/** `/questions`: every question, each a link to its page. */
export function QuestionsList() {
  const t = useText();
  return (
    <section className="page content-page" aria-labelledby="page-title" data-testid="questions-page">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.questions")}</h1>
      </div>
      <GroupCode group="pages">
        <QuestionLinks />
      </GroupCode>
    </section>
  );
}

/** `/questions/{pageIdentity}`: the question and its answer, the way back to the list and the
 * other questions beside it. Leaving for the list is not held (SPEC §2: its guard does nothing). */
export function QuestionPage() {
  const t = useText();
  const back = useCore((s) => s.contentPage.questionsHref);
  return (
    <div className="question-layout">
      <ContentPage
        name="questions-pageIdentity"
        before={
          <Link href={back} className="content-back" data-testid="questions-back">
            ← {t("global-components.content.questions.back")}
          </Link>
        }
      />
      <nav className="question-others" aria-label={t("global-components.content.questions.list")}>
        <QuestionLinks />
      </nav>
    </div>
  );
}

function QuestionLinks() {
  const t = useText();
  const status = useCore((s) => s.contentPage.questionsStatus);
  const questions = useCore((s) => s.contentPage.questions);
  if (status === "failed") return <Failed />;
  if (status !== "ready") return <Skeleton lines={5} />;
  if (questions.length === 0) return <p className="muted">{t("global-components.content.questions.empty")}</p>;
  return (
    <ul className="question-list" data-testid="question-list">
      {questions.map((q) => (
        <li key={q.href}>
          <Link href={q.href} aria-current={q.active ? "page" : undefined}>
            {q.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
