import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { GameGrid } from "./GameGrid";
import { NotFound } from "./NotFound";
import { useGamesPainted } from "../../core/gamesPainted";
import { Skeleton } from "../../ui/Skeleton";

type Kind = "category" | "favorites" | "played";

/** A games list page: a category or provider (/games/{params}), favourites or recently
 * played, over the virtualised grid; categories and providers have the filter. */
export function ListPage({ kind }: { kind: Kind }) {
  useGamesPainted();
  const t = useText();
  const dispatch = useDispatch();
  const lobby = useCore((s) => s.gamesLobby);
  const total = useCore((s) => s.gamesList.total);
  // Favourites and played games: the server's list may still be on its way, or have failed.
  const load = useCore((s) => s.gamesList.load);
  const session = useCore((s) => s.session.status);
  const player = session === "player";
  if (kind === "category" && lobby.unknown) return <NotFound />;
  const title = kind === "favorites" ? t("layout.pages.favorites") : kind === "played" ? t("layout.pages.recently-played") : lobby.title;
  const loading = lobby.state === "loading";
  return (
    <div className="games-list-page">
      <header className="list-head">
        <h1 className="page-title">{title || "\u00a0"}</h1>
        {kind === "category" ? (
          <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "games-filter" })} data-testid="open-filter">
            {lobby.filter.count > 0 ? t("global-components.games.filter.buttonCount", { count: String(lobby.filter.count) }) : t("global-components.games.filter.button")}
          </Button>
        ) : null}
      </header>
      {!loading && (total > 0 || load === "ready") ? (
        <p className="muted list-count" data-testid="list-count">
          {t("global-components.games.count", { count: String(total) })}
        </p>
      ) : null}
      {kind !== "category" && session === "booting" ? (
        <Skeleton lines={3} name="games-list" />
      ) : kind !== "category" && !player ? (
        <div className="list-empty">
          <p>{t(kind === "favorites" ? "global-components.games.favorites.guest" : "global-components.games.played.guest")}</p>
          <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
        </div>
      ) : lobby.state === "failed" ? (
        <p className="list-empty" role="alert">
          {t("global-components.games.catalogueFailed")}
        </p>
      ) : load === "failed" ? (
        <>
          <div className="list-empty" role="alert" data-testid="list-failed">
            <p>{t(kind === "favorites" ? "global-components.games.favorites.failed" : kind === "played" ? "global-components.games.played.failed" : "global-components.games.catalogueFailed")}</p>
            <Button onClick={() => dispatch({ type: "gamesListRetry" })}>{t("global-components.games.retry")}</Button>
          </div>
          {/* What this device remembers still shows (played games are kept per device too). */}
          {total > 0 ? <GameGrid /> : null}
        </>
      ) : total === 0 && (load === "loading" || load === "idle") ? (
        <Skeleton lines={3} name="games-list" />
      ) : !loading && total === 0 ? (
        <p className="list-empty" data-testid="list-empty">
          {t(kind === "favorites" ? "global-components.games.favorites.empty" : kind === "played" ? "global-components.games.played.empty" : "global-components.games.filter.empty")}
        </p>
      ) : (
        <GameGrid />
      )}
    </div>
  );
}
