import { useCore, useText } from "../core/store";
import { Link } from "../shared/Link";

export function Footer() {
  const t = useText();
  const links = useCore((s) => s.nav.footerLinks);
  return (
    <footer className="footer" id="site-footer">
      <nav aria-label={t("layout.footer.links")}>
        <ul className="footer-links">
          {links.map((l) => (
            <li key={l.id}>
              <Link href={l.href} aria-current={l.active ? "page" : undefined}>
                {t(l.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer-badge">
        <span className="age" aria-hidden="true">
          18+
        </span>{" "}
        {t("layout.footer.responsible")}
      </p>
      <p className="muted">{t("layout.footer.licence")}</p>
      <p className="muted">{t("layout.footer.rights")}</p>
    </footer>
  );
}
