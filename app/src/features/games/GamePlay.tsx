import { useEffect, useRef } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { useDevice } from "../../ui/useDevice";
import { NotFound } from "./NotFound";

/** /game/{id}: the game in a frame, with full screen, the favourite toggle, the mode and the
 * way back (returnGame). */
export function GamePlay() {
  const t = useText();
  const dispatch = useDispatch();
  const p = useCore((s) => s.gamesPlay);
  const { mobile } = useDevice();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dispatch({ type: "gamesDevice", mobile });
  }, [dispatch, mobile]);
  if (p.missing) return <NotFound />;
  return (
    <div className="game-page" data-testid="game-page">
      <header className="game-head">
        <Link href={p.back} className="btn btn-ghost" data-testid="game-back">
          {t("global-components.games.back")}
        </Link>
        <div className="game-title">
          <h1>{p.name || "\u00a0"}</h1>
          {p.provider ? (
            <Link href={p.providerHref} className="muted">
              {p.provider}
            </Link>
          ) : null}
        </div>
        <div className="game-actions">
          <button
            type="button"
            className={`icon-btn game-fav-big${p.favorite ? " on" : ""}`}
            aria-pressed={p.favorite}
            aria-label={t(p.favorite ? "global-components.games.unfavorite" : "global-components.games.favorite", { name: p.name })}
            data-testid="game-favorite"
            onClick={() => dispatch({ type: "gamesFavorite", identity: p.identity, on: !p.favorite })}
          >
            <Icon name="favorites" />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t("global-components.games.fullscreen")}
            disabled={!p.url}
            onClick={() => void frame.current?.requestFullscreen?.()}
          >
            <Icon name="fullscreen" />
          </button>
        </div>
      </header>
      <div className="game-frame" ref={frame}>
        {p.url ? (
          <iframe src={p.url} title={p.name} data-testid="game-frame" allow="fullscreen; autoplay" />
        ) : (
          <div className="game-frame-idle">
            {p.error ? (
              <div role="alert" className="game-error">
                <p>{t(p.error)}</p>
                <Button onClick={() => dispatch({ type: "gamesRetry" })}>{t("global-components.games.retry")}</Button>
              </div>
            ) : p.starting ? (
              <span className="spinner" role="status" aria-label={t("global-components.games.starting")} />
            ) : (
              <div className="game-modes">
                {p.player ? (
                  <Button onClick={() => dispatch({ type: "gamesPlay", demo: false })}>{t("global-components.games.playReal")}</Button>
                ) : (
                  <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("global-components.games.signInToPlay")}</Button>
                )}
                {p.hasDemo ? (
                  <Button variant="secondary" onClick={() => dispatch({ type: "gamesPlay", demo: true })}>
                    {t("global-components.games.playDemo")}
                  </Button>
                ) : null}
              </div>
            )}
          </div>
        )}
      </div>
      {p.url ? (
        <p className="game-mode muted" data-testid="game-mode">
          {t(p.demo ? "global-components.games.modeDemo" : "global-components.games.modeReal")}
          {p.demo && p.player ? (
            <>
              {" · "}
              <button type="button" className="link-btn" onClick={() => dispatch({ type: "gamesPlay", demo: false })}>
                {t("global-components.games.playReal")}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
