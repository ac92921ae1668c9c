import { memo, useRef } from "react";
import { useDispatch, useText } from "../../core/store";
import type { TileView } from "../../core/types";
import { Link } from "../../shared/Link";
import { Icon } from "../../ui/Icon";
import { useNearViewport } from "./nearViewport";

export type Shape = "1x1" | "3x4";

/** `srcset` of a tile image at 1x-3x. */
export function srcSet(img: string, shape: Shape) {
  return `${img}${shape}@1x.svg 1x, ${img}${shape}@2x.svg 2x, ${img}${shape}@3x.svg 3x`;
}

/** A game tile: a fixed aspect box (nothing shifts when the image arrives), the image lazily
 * with the 400 px margin, the name and provider, and the favourite toggle. */
export const GameTile = memo(function GameTile({ tile, shape = "1x1" }: { tile: TileView; shape?: Shape }) {
  const t = useText();
  const dispatch = useDispatch();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div className="game-tile" data-testid="game-tile" data-game={tile.identity}>
      <Link href={tile.href} className="game-tile-link" aria-label={t("global-components.games.open", { name: tile.name })}>
        <div ref={box} className={`game-tile-img shape-${shape}`}>
          {near ? (
            <img src={`${tile.img}${shape}@1x.svg`} srcSet={srcSet(tile.img, shape)} alt="" decoding="async" draggable={false} />
          ) : null}
        </div>
        <span className="game-tile-name">{tile.name}</span>
        <span className="game-tile-provider">{tile.provider}</span>
      </Link>
      <button
        type="button"
        className={`game-fav${tile.favorite ? " on" : ""}`}
        aria-pressed={tile.favorite}
        aria-label={t(tile.favorite ? "global-components.games.unfavorite" : "global-components.games.favorite", { name: tile.name })}
        onClick={() => dispatch({ type: "gamesFavorite", identity: tile.identity, on: !tile.favorite })}
      >
        <Icon name="favorites" size={18} />
      </button>
    </div>
  );
});

/** A tile's place while its game is not known yet. */
export function TileSkeleton({ shape = "1x1" }: { shape?: Shape }) {
  return (
    <div className="game-tile skeleton-tile" aria-hidden="true">
      <div className="game-tile-link">
        <div className={`game-tile-img shape-${shape}`} />
        <span className="game-tile-name">{"\u00a0"}</span>
        <span className="game-tile-provider">{"\u00a0"}</span>
      </div>
    </div>
  );
}
