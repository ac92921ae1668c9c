import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useCore, useDispatch } from "../../core/store";
import { GameTile, TileSkeleton } from "./GameTile";

/** Smallest tile width and the gap between tiles, in px (styles: .game-grid). */
const MIN_TILE = 150;
const GAP = 12;
/** Caption under the image (name + provider). */
const CAPTION = 44;
/** Rows drawn beyond the viewport on each side. */
const OVERSCAN = 3;
/** The core sends at most this many tiles per window (games::WINDOW_MAX). */
const WINDOW_MAX = 120;

/** A virtualised grid over the page's list (thousands of games): the grid keeps the full
 * height, asks the core for the window of tiles around the viewport, and draws only those. */
export function GameGrid() {
  const dispatch = useDispatch();
  const list = useCore((s) => s.gamesList);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [first, setFirst] = useState(0);
  const [visibleRows, setVisibleRows] = useState(6);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const cols = Math.max(2, Math.floor((width + GAP) / (MIN_TILE + GAP)));
  const tileW = width > 0 ? (width - GAP * (cols - 1)) / cols : MIN_TILE;
  const rowH = tileW + CAPTION + GAP;
  const rows = Math.ceil(list.total / cols);

  useEffect(() => {
    const onScroll = () => {
      const el = box.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      const firstRow = Math.max(0, Math.floor(-top / rowH) - OVERSCAN);
      setFirst(firstRow);
      setVisibleRows(Math.ceil(window.innerHeight / rowH) + OVERSCAN * 2);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [rowH]);

  const from = first * cols;
  const count = Math.min(WINDOW_MAX, visibleRows * cols);
  useEffect(() => {
    if (width > 0) dispatch({ type: "gamesWindow", from, count });
  }, [dispatch, from, count, width]);

  const cells = [];
  const end = Math.min(list.total, from + count);
  for (let i = from; i < end; i++) {
    const tile = i >= list.from ? list.tiles[i - list.from] : undefined;
    const style = {
      position: "absolute" as const,
      width: tileW,
      left: (i % cols) * (tileW + GAP),
      top: Math.floor(i / cols) * rowH,
    };
    cells.push(
      <div key={tile ? tile.identity : `s${i}`} style={style} role="listitem">
        {tile ? <GameTile tile={tile} /> : <TileSkeleton />}
      </div>,
    );
  }
  return (
    <div ref={box} className="game-grid" role="list" data-testid="game-grid" data-total={list.total} style={{ height: rows * rowH }}>
      {cells}
    </div>
  );
}
