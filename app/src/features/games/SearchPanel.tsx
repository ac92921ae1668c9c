import { useId } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { GameTile } from "./GameTile";
import { useGamesPainted } from "../../core/gamesPainted";

/** The search box and its answers (global-search modal and the lobby): every keystroke goes
 * to the core, which searches the whole catalogue in the client. */
export function SearchPanel({ autoFocus = false, compact = false }: { autoFocus?: boolean; compact?: boolean }) {
  useGamesPainted();
  const t = useText();
  const dispatch = useDispatch();
  const s = useCore((v) => v.gamesSearch);
  const player = useCore((v) => v.session.status === "player");
  const id = useId();
  const sportsId = `${id}-sports`;
  const used = () => dispatch({ type: "gamesSearchUsed" });
  const hasQuery = s.query.trim() !== "";
  return (
    <div className={`search-panel${compact ? " compact" : ""}`}>
      <label htmlFor={id} className="sr-only">
        {t("global-components.games.search.label")}
      </label>
      <input
        id={id}
        type="search"
        className="search-input"
        data-testid="games-search"
        placeholder={t("global-components.games.search.placeholder")}
        value={s.query}
        maxLength={300}
        autoFocus={autoFocus}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => dispatch({ type: "gamesSearch", query: e.target.value })}
      />
      {!hasQuery && player && s.recent.length > 0 ? (
        <div className="search-recent">
          <div className="search-recent-head">
            <h3>{t("global-components.games.search.recent")}</h3>
            <button type="button" className="link-btn" onClick={() => dispatch({ type: "gamesClearRecent" })}>
              {t("global-components.games.search.clearRecent")}
            </button>
          </div>
          <div className="chips">
            {s.recent.map((q) => (
              <button key={q} type="button" className="chip" onClick={() => dispatch({ type: "gamesSearch", query: q })}>
                {q}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {hasQuery ? (
        <div className="search-results" aria-live="polite" data-testid="search-results">
          {s.searching ? <p className="muted">{t("global-components.games.search.searching")}</p> : null}
          {s.empty ? (
            <p className="search-empty" data-testid="search-empty">
              {t("global-components.games.search.empty", { query: s.query.trim().slice(0, 40) })}
            </p>
          ) : null}
          {s.providers.length > 0 ? (
            <div className="chips" aria-label={t("global-components.games.providers.title")}>
              {s.providers.map((p) => (
                <Link key={p.identity} href={p.href} className="chip" onClick={used}>
                  {p.name}
                </Link>
              ))}
            </div>
          ) : null}
          <div className="game-grid-plain" onClickCapture={used}>
            {s.games.map((tile) => (
              <GameTile key={tile.identity} tile={tile} />
            ))}
          </div>
          {s.sports.length > 0 ? (
            <section className="search-sports" aria-labelledby={sportsId} data-testid="search-sports">
              <h3 id={sportsId}>{t("global-components.games.search.sports")}</h3>
              <ul>
                {s.sports.map((e) => (
                  <li key={e.id}>
                    <Link href={e.href} onClick={used}>
                      <span className="search-sport-name">{e.name}</span>
                      {e.detail ? <span className="muted">{e.detail}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
