import { useCore, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { GameRow, RowSkeleton } from "./GameRow";
import { SearchPanel } from "./SearchPanel";
import { useGamesPainted } from "../../core/gamesPainted";

/** Home and /games: the search box, the categories and a row per collection (SPEC §5: only
 * the collections for the visitor's country, none hidden). */
export function Lobby({ title }: { title?: string }) {
  useGamesPainted();
  const t = useText();
  // The rows (about a hundred tiles) are not drawn in one task: past the first ones, each row
  // draws its tiles in a task of its own (GameRow's `useStaged`).
  const lobby = useCore((s) => s.gamesLobby);
  return (
    <div className="lobby" data-testid="lobby">
      {title ? <h1 className="page-title">{title}</h1> : null}
      <SearchPanel compact />
      <nav className="chips lobby-cats" aria-label={t("global-components.games.categories")}>
        {/* First: the categories arrive with the catalogue and are added after it. */}
        <Link href={lobby.providersHref} className="chip">
          {t("global-components.games.providers.title")}
        </Link>
        {lobby.categories.map((c) => (
          <Link key={c.identity} href={c.href} className="chip">
            {c.name}
          </Link>
        ))}
      </nav>
      {lobby.state === "failed" ? (
        <p className="lobby-failed" role="alert">
          {t("global-components.games.catalogueFailed")}
        </p>
      ) : null}
      {lobby.state === "loading"
        ? Array.from({ length: 4 }, (_, i) => <RowSkeleton key={i} index={i} />)
        : lobby.rows.map((row, i) => <GameRow key={row.identity} row={row} index={i} />)}
      {/* Under the rows: it arrives after them and must not push them down. */}
      {lobby.winners.length > 0 ? (
        <section className="winners" aria-labelledby="winners-title" data-testid="winners">
          <h2 id="winners-title" className="winners-title">
            {t("global-components.games.winners")}
          </h2>
          <ul className="winners-list">
            {lobby.winners.map((w, i) => (
              <li key={i}>
                <span className="winner-name">{w.nickname}</span>{" "}
                <Link href={w.href}>{w.game}</Link>{" "}
                <strong className="winner-win">
                  {w.win} {w.currency}
                </strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
