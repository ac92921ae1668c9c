import { useText } from "../../core/store";
import type { RowView } from "../../core/types";
import { Link } from "../../shared/Link";
import { GameTile, TileSkeleton } from "./GameTile";

/** A lobby row: the collection's first games and "show all" into its category page. */
export function GameRow({ row, index }: { row: RowView; index: number }) {
  const t = useText();
  const id = `row-${row.identity}`;
  return (
    <section className="game-row" aria-labelledby={id} data-testid="game-row" data-row={row.identity}>
      <header className="game-row-head">
        <h2 id={id}>{row.name}</h2>
        <Link href={row.href} className="game-row-all">
          {t("global-components.games.showAll", { count: String(row.total) })}
        </Link>
      </header>
      <div className="game-row-tiles">
        {row.tiles.map((tile) => (
          <GameTile key={tile.identity} tile={tile} shape={index === 0 ? "3x4" : "1x1"} />
        ))}
      </div>
    </section>
  );
}

export function RowSkeleton() {
  return (
    <section className="game-row" aria-hidden="true" data-skeleton="game-row">
      <header className="game-row-head">
        <span className="skeleton-line" style={{ width: 160 }} />
      </header>
      <div className="game-row-tiles">
        {Array.from({ length: 8 }, (_, i) => (
          <TileSkeleton key={i} />
        ))}
      </div>
    </section>
  );
}
