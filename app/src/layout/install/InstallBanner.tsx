import { useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { closeBanner, install, useInstallOffer } from "./offer";
import { showBanner } from "./rules";

/** The install offer, once on the second visit (rules.ts); the drawer's entry after it. */
export function InstallBanner() {
  const t = useText();
  const offer = useInstallOffer();
  if (!showBanner(offer)) return null;
  return (
    <section className="install-banner" role="region" aria-label={t("layout.install.menu")} data-testid="install-banner">
      <p>{t("layout.install.text")}</p>
      <div className="install-banner-actions">
        <Button variant="ghost" onClick={closeBanner}>
          {t("layout.install.dismiss")}
        </Button>
        <Button onClick={install}>{t("layout.install.action")}</Button>
      </div>
    </section>
  );
}
