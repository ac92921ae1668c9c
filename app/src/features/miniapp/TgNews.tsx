import { useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { webApp } from "./telegram";

/** tg-news (telegram-news): the channel's news, opened in the messenger itself. */
export default function TgNews() {
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
