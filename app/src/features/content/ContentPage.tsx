import "./content.css";
import type { ReactNode } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { GroupRetry } from "../../shared/GroupRetry";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { ContentBody } from "./ContentBody";

/** A content page of the platform (static, bonus, question, support, welcome package, any
 * `/{slug}`): its title and sanitised body, a skeleton while it loads, a retry when the
 * platform did not answer, the SPEC §2 error page when there is no such page. `aside` goes
 * under the body (support's contact form link, the referral figures, the questions list). */
export function ContentPage({ name, before, aside }: { name: string; before?: ReactNode; aside?: ReactNode }) {
  const t = useText();
  const page = useCore((s) => s.contentPage);
  // The pages' part of the core is a chunk of its own (issue 28): until it is here the page
  // shows its skeleton, and a failed chunk its retry.
  const codeFailed = useCore((s) => s.groups.pages === "failed");
  if (page.status === "missing") return <NotFound />;
  return (
    <article className="page content-page" data-testid="content-page" data-status={page.status} aria-labelledby="page-title" aria-busy={page.status === "loading" || undefined}>
      {before}
      <div className="page-head">
        <h1 id="page-title">{page.status === "ready" ? page.title : t(`layout.pages.${name}`)}</h1>
      </div>
      {page.status === "ready" ? (
        <ContentBody nodes={page.body} />
      ) : page.status === "failed" ? (
        <Failed />
      ) : codeFailed ? (
        <GroupRetry group="pages" testId="pages-code-failed" />
      ) : (
        <div>
          <p className="sr-only" role="status">
            {t("global-components.content.loading")}
          </p>
          <Skeleton lines={6} />
        </div>
      )}
      {aside}
    </article>
  );
}

export function Failed() {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <div className="content-failed" role="alert">
      <p>{t("global-components.content.failed")}</p>
      <Button variant="secondary" onClick={() => dispatch({ type: "contentRetry" })}>
        {t("global-components.content.retry")}
      </Button>
    </div>
  );
}

/** SPEC §2 error page for a content slug that does not exist. */
export function NotFound() {
  const t = useText();
  const home = useCore((s) => s.nav.homePath);
  return (
    <section className="error-page" data-testid="error-page" aria-labelledby="content-error-title">
      <h1 id="content-error-title">{t("layout.error.title")}</h1>
      <p className="error-text">{t("layout.error.text")}</p>
      <Link href={home} className="btn btn-primary">
        {t("layout.error.home")}
      </Link>
    </section>
  );
}
