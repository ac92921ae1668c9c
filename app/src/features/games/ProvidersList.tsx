import { useCore, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Skeleton } from "../../ui/Skeleton";
import { useGamesPainted } from "../../core/gamesPainted";

/** /games/providers: every provider with its number of games. */
export function ProvidersList() {
  useGamesPainted();
  const t = useText();
  const lobby = useCore((s) => s.gamesLobby);
  return (
    <div className="providers-page">
      <h1 className="page-title">{t("layout.pages.games-providers")}</h1>
      {lobby.state === "loading" ? (
        <Skeleton lines={6} name="games-providers-page" />
      ) : (
        <ul className="provider-grid" data-testid="provider-grid">
          {lobby.providers.map((p) => (
            <li key={p.identity}>
              <Link href={p.href} className="provider-card">
                <span className="provider-name">{p.name}</span>
                <span className="muted">{t("global-components.games.count", { count: String(p.count) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
