import { memo } from "react";
import { useText } from "../../core/store";
import type { RowView } from "../../core/types";
import { Link } from "../../shared/Link";
import { GameTile, TileSkeleton } from "./GameTile";
import { useStaged } from "./staged";

/** Skeleton tiles in a row: more than a wide screen shows. */
const SKELETON_TILES = 8;

/** The first row's tiles are 3x4, the others' square. */
const rowShape = (index: number) => (index === 0 ? "3x4" : "1x1");

/** A lobby row: the collection's first games and "show all" into its category page. Rows below
 * the first ones draw their tiles a task later (`useStaged`), skeleton tiles meanwhile. */
export const GameRow = memo(function GameRow({ row, index }: { row: RowView; index: number }) {
  const t = useText();
  const staged = useStaged(index);
  const id = `row-${row.identity}`;
  const shape = rowShape(index);
  return (
    <section className="game-row" aria-labelledby={id} data-testid="game-row" data-row={row.identity}>
      <header className="game-row-head">
        <h2 id={id}>{row.name}</h2>
        <Link href={row.href} className="game-row-all">
          {t("global-components.games.showAll", { count: String(row.total) })}
        </Link>
      </header>
      <div className="game-row-tiles">
        {staged
          ? row.tiles.map((tile) => <GameTile key={tile.identity} tile={tile} shape={shape} />)
          : row.tiles.slice(0, SKELETON_TILES).map((tile) => <TileSkeleton key={tile.identity} shape={shape} />)}
      </div>
    </section>
  );
});

/** A row's place while the catalogue loads, in the real row's geometry (the first row's tiles
 * are 3x4), so nothing moves when the games arrive. */
export function RowSkeleton({ index }: { index: number }) {
  return (
    <section className="game-row" aria-hidden="true" data-skeleton="game-row">
      <header className="game-row-head">
        <h2>{"\u00a0"}</h2>
      </header>
      <div className="game-row-tiles">
        {Array.from({ length: SKELETON_TILES }, (_, i) => (
          <TileSkeleton key={i} shape={rowShape(index)} />
        ))}
      </div>
    </section>
  );
}
