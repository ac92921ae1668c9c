import { useText } from "../../core/store";
import { Icon } from "../../ui/Icon";
import { install, useInstallOffer } from "./offer";
import { showMenuEntry } from "./rules";

/** The drawer's "Install app", after the banner was offered, while the browser offers it. */
export function InstallMenuEntry({ compact }: { compact: boolean }) {
  const t = useText();
  const offer = useInstallOffer();
  if (!showMenuEntry(offer)) return null;
  return (
    <li>
      <button type="button" className="drawer-action" onClick={install} title={compact ? t("layout.install.menu") : undefined} data-testid="install-menu">
        <span className="nav-icon">
          <Icon name="download" />
        </span>
        <span className="nav-label">{t("layout.install.menu")}</span>
      </button>
    </li>
  );
}
