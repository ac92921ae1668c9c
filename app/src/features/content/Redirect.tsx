import "./content.css";
import { useCore, useText } from "../../core/store";
import { GroupCode } from "../../shared/GroupCode";
import { Link } from "../../shared/Link";

/** `/redirect` (empty layout): an address of this site was followed by the core already;
 * another site's is offered as a link (never followed by itself), anything else refused. */
export function Redirect() {
  const t = useText();
  const to = useCore((s) => s.contentPage.redirect);
  const home = useCore((s) => s.nav.homePath);
  const r = (k: string) => t(`global-components.content.redirect.${k}`);
  return (
    <section className="redirect-page" aria-labelledby="page-title" data-testid="redirect-page">
      <h1 id="page-title">{t("layout.pages.redirect")}</h1>
      {/* The pages' chunk follows the address: nothing is said about it before. */}
      <GroupCode group="pages" lines={2}>
        {to ? (
          <>
            <p>{r("leaving")}</p>
            <p className="redirect-target">{to}</p>
            <a className="btn btn-primary" href={to} rel="noopener noreferrer" data-testid="redirect-continue">
              {r("continue")}
            </a>
          </>
        ) : (
          <>
            <p>{r("invalid")}</p>
            <Link className="btn btn-secondary" href={home}>
              {t("layout.error.home")}
            </Link>
          </>
        )}
      </GroupCode>
    </section>
  );
}
