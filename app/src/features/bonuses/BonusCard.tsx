import type { BonusCardView } from "croupier-core";
import { memo } from "react";
import { useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";

export function gamesLabel(t: ReturnType<typeof useText>, b: BonusCardView): string {
  // One game the catalogue knows: its name says more than "one game".
  if (b.games === "oneGame" && b.namedGames.length === 1) return b.namedGames[0].name;
  return t(`global-components.bonuses.${b.games}`, { count: String(b.gameIds.length) });
}

/** One issued or active bonus or free-spin package, with what the player can do with it. Drawn
 * again only when its own view changed (the store keeps unchanged cards' objects). */
export const BonusCard = memo(function BonusCard({ b }: { b: BonusCardView }) {
  const t = useText();
  const dispatch = useDispatch();
  const g = (k: string, p?: Record<string, string>) => t(`global-components.bonuses.${k}`, p);
  const open = (id: "bonus-details" | "bonus-condition") => dispatch({ type: "openModal", id, params: [["bonusId", `${b.kind}-${b.id}`]] });
  const ask = (action: "activate" | "cancel") => dispatch({ type: "bonusAsk", kind: b.kind, id: b.id, action });
  const title = b.name || g(b.kind === "bonus" ? "walletInfo" : "spins", { count: String(b.count) });
  return (
    <li className={b.active ? "bonus-card bonus-card-active" : "bonus-card"} data-testid={`bonus-${b.kind}-${b.id}`}>
      <div className="bonus-card-head">
        <h3>{title}</h3>
        <span className={b.active ? "bonus-badge bonus-badge-active" : "bonus-badge"}>{g(b.active ? "active" : "issued")}</span>
      </div>
      {b.amount ? (
        <p className="bonus-amount">
          {b.amount.amount} <span className="money-code">{b.amount.code}</span>
        </p>
      ) : (
        <p className="bonus-amount">{g("spins", { count: String(b.count) })}</p>
      )}
      {b.wager ? (
        <div className="bonus-progress">
          <div className="bonus-progress-row">
            <span>{g("wager")}</span>
            <span>
              {g("wagerOf", { wagered: b.wager.wagered.amount, required: `${b.wager.required.amount} ${b.wager.required.code}` })}
            </span>
          </div>
          <div className="bonus-bar" role="progressbar" aria-label={g("wager")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={b.wager.percent}>
            <span style={{ width: `${b.wager.percent}%` }} />
          </div>
        </div>
      ) : null}
      {b.kind === "freespin" && b.active ? <p className="muted">{g("spinsLeft", { left: String(b.count - b.used), count: String(b.count) })}</p> : null}
      <dl className="bonus-facts">
        <dt>{g("conditions")}</dt>
        <dd>{gamesLabel(t, b)}</dd>
        {b.expiresAt > 0 ? (
          <>
            <dt>{g("expires", { date: "" }).trim()}</dt>
            <dd>{b.expiresText}</dd>
          </>
        ) : null}
      </dl>
      <div className="bonus-actions">
        {!b.active ? (
          <Button busy={b.busy} onClick={() => ask("activate")} data-testid="bonus-activate">
            {g("activate")}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={b.busy} onClick={() => ask("cancel")} data-testid="bonus-cancel">
          {g(b.kind === "bonus" ? "cancel" : "cancelSpins")}
        </Button>
      </div>
      <div className="bonus-links">
        <button type="button" className="link-btn" onClick={() => open("bonus-details")}>
          {g("details")}
        </button>
        {b.kind === "bonus" ? (
          <button type="button" className="link-btn" onClick={() => open("bonus-condition")}>
            {g("conditions")}
          </button>
        ) : null}
      </div>
    </li>
  );
});
