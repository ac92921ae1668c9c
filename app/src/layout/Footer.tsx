import { useText } from "../core/store";

export function Footer() {
  const t = useText();
  return (
    <footer className="footer">
      <p className="footer-badge">
        <span className="age" aria-hidden="true">18+</span> {t("layout.footer.responsible")}
      </p>
      <p className="muted">{t("layout.footer.licence")}</p>
      <p className="muted">{t("layout.footer.rights")}</p>
    </footer>
  );
}
