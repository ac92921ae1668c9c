import { useCore, useText } from "../../core/store";
import { ContactForm } from "../../features/notifications/ContactForm";
import { Skeleton } from "../../ui/Skeleton";

/** `contact` (SPEC §2): the contact form. */
export default function ContactPage() {
  const t = useText();
  const status = useCore((s) => s.session.status);
  return (
    <section className="page contact-page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.contact")}</h1>
        <p className="muted">{t("global-components.contact.intro")}</p>
      </div>
      {status === "booting" ? <Skeleton lines={4} name="contact-page" /> : <ContactForm />}
    </section>
  );
}
