import { useCore, useText } from "../core/store";
import { Link } from "../shared/Link";

/** SPEC §2 error page: what went wrong, and the way home in the same language. */
export default function ErrorPage() {
  const t = useText();
  const error = useCore((s) => s.nav.error);
  const home = useCore((s) => s.nav.homePath);
  return (
    <section className="error-page" data-testid="error-page" aria-labelledby="error-title">
      {error ? <p className="error-status">{t("layout.error.status", { status: String(error.status) })}</p> : null}
      <h1 id="error-title">{t("layout.error.title")}</h1>
      <p className="error-text">{t("layout.error.text")}</p>
      <Link href={home} className="btn btn-primary">
        {t("layout.error.home")}
      </Link>
    </section>
  );
}
