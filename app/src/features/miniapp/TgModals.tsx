import type { ModalId } from "../../core/names.gen";
import { useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { WalletModal } from "../wallet/WalletModal";
import "../wallet/payments.css";
import { webApp } from "./telegram";

/** The mini-app's modals: the Telegram wallet (what `wallet` opens in the messenger, SPEC §2)
 * and the channel news (tg-news). */
export default function TgModals({ id }: { id: ModalId }) {
  return id === "tg-news" ? <TgNews /> : <TgWallet />;
}

/** The wallet with the messenger's frame around it: the same accounts, methods and invoices as
 * on the website; the messenger's back button and close confirmation follow it. */
function TgWallet() {
  const t = useText();
  return (
    <div data-testid="tg-wallet">
      <p className="tg-note">{t("layout.miniapp.wallet.text")}</p>
      <WalletModal />
    </div>
  );
}

function TgNews() {
  const t = useText();
  const channel = t("layout.miniapp.news.channel");
  const open = () => {
    const app = webApp();
    if (app?.openTelegramLink) app.openTelegramLink(channel);
    else window.open(channel, "_blank", "noopener");
  };
  return (
    <div data-testid="tg-news">
      <p>{t("layout.miniapp.news.text")}</p>
      <Button onClick={open}>{t("layout.miniapp.news.open")}</Button>
    </div>
  );
}
