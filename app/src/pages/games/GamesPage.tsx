import { useText } from "../../core/store";
import { Lobby } from "../../features/games/Lobby";

/** `games` (SPEC §2): the lobby. */
export default function GamesPage() {
  const t = useText();
  return <Lobby title={t("layout.pages.games")} />;
}
