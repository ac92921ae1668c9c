import { useText } from "../../core/store";
import { Protected } from "../../features/protection/RealityCheck";
import { SportBook } from "../../features/sport/SportBook";

/** `sport-slug` (SPEC §2): the sportsbook widget; the address and the widget follow each other. */
export default function SportSlugPage() {
  const t = useText();
  return (
    <section className="page sport-page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.sport.title")}</h1>
      </div>
      <Protected waitForCode>
        <SportBook />
      </Protected>
    </section>
  );
}
