import { useCore, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { ContentPage } from "./ContentPage";

/** `/support`: the support page's text with its contacts, and the way to the contact form. */
export function SupportScreen() {
  const t = useText();
  const links = useCore((s) => s.nav.footerLinks);
  const contact = links.find((l) => l.id === "contact");
  return (
    <ContentPage
      name="support"
      aside={
        contact ? (
          <aside className="panel support-form" aria-labelledby="support-form-title">
            <h2 id="support-form-title">{t("global-components.content.support.form")}</h2>
            <p>{t("global-components.content.support.formText")}</p>
            <Link href={contact.href} className="btn btn-secondary">
              {t("global-components.content.support.form")}
            </Link>
          </aside>
        ) : null
      }
    />
  );
}
