import { useCore, useText } from "../../core/store";
import { Link } from "../../shared/Link";

/** SPEC §2 error page for a game, category or provider that does not exist. */
export function NotFound() {
  const t = useText();
  const home = useCore((s) => s.nav.homePath);
  return (
    <section className="error-page" data-testid="error-page" aria-labelledby="games-error-title">
      <h1 id="games-error-title">{t("layout.error.title")}</h1>
      <p className="error-text">{t("layout.error.text")}</p>
      <Link href={home} className="btn btn-primary">
        {t("layout.error.home")}
      </Link>
    </section>
  );
}
