import "./bonuses.css";
import type { BonusCardView } from "croupier-core";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { BonusCodeForm } from "./BonusesPanel";
import { gamesLabel } from "./BonusCard";
import { QuestModal } from "./Retention";
import { useGamesPainted } from "../../core/gamesPainted";

/** confirm-bonus, confirm-bonus-unsettled, bonus-cancel-lock, bonus-details, bonus-condition,
 * package-bonus and wallet-bonus-info. */
export default function BonusModals({ id }: { id: ModalId }) {
  switch (id) {
    case "confirm-bonus":
    case "confirm-bonus-unsettled":
      return <Confirm />;
    case "bonus-cancel-lock":
      return <CancelLock />;
    case "package-bonus":
      return <PackageBonus />;
    case "wallet-bonus-info":
      return <WalletBonusInfo />;
    case "quests-hub":
    case "quest-tasks":
    case "quest-rewards":
    case "quest-task-games":
      return <QuestModal id={id} />;
    default:
      return <Details condition={id === "bonus-condition"} />;
  }
}

const useG = () => {
  const t = useText();
  return (k: string, p?: Record<string, string>) => t(`global-components.bonuses.${k}`, p);
};

function Confirm() {
  const g = useG();
  const dispatch = useDispatch();
  const ask = useCore((s) => s.bonuses.ask);
  const close = () => dispatch({ type: "closeModal" });
  // Opened by an address with nothing asked (a reload): nothing to confirm.
  if (!ask) {
    return (
      <div className="bonus-confirm">
        <Button onClick={close}>{g("ok")}</Button>
      </div>
    );
  }
  const text = ask.unsettled ? "confirmUnsettled" : ask.action === "activate" ? "confirmActivate" : "confirmCancel";
  return (
    <div className="bonus-confirm" data-testid="bonus-confirm">
      <p>{g(text)}</p>
      <div className="bonus-actions">
        <Button onClick={() => dispatch({ type: "bonusConfirm" })} data-testid="bonus-confirm-yes">
          {g("yes")}
        </Button>
        <Button variant="secondary" onClick={close}>
          {g("no")}
        </Button>
      </div>
    </div>
  );
}

function CancelLock() {
  const g = useG();
  const dispatch = useDispatch();
  return (
    <div className="bonus-confirm" data-testid="bonus-cancel-lock">
      <p>{g("cancelLocked")}</p>
      <div className="bonus-actions">
        <Button onClick={() => dispatch({ type: "closeModal" })}>{g("ok")}</Button>
      </div>
    </div>
  );
}

/** The card a modal's `bonusId` (`bonus-12`, `freespin-3`, or a bare bonus id) names. */
function useCard(): BonusCardView | undefined {
  const param = useCore((s) => s.nav.modal?.params.bonusId ?? "");
  const items = useCore((s) => s.bonuses.items);
  const [kind, id] = param.includes("-") ? param.split("-") : ["bonus", param];
  return items.find((i) => i.kind === kind && String(i.id) === id);
}

function Details({ condition }: { condition: boolean }) {
  // The games by name (a modal can open on any page).
  useGamesPainted();
  const t = useText();
  const g = useG();
  const dispatch = useDispatch();
  const b = useCard();
  if (!b) {
    return (
      <div className="bonus-confirm">
        <p className="muted">{g("empty")}</p>
        <Button onClick={() => dispatch({ type: "closeModal" })}>{g("ok")}</Button>
      </div>
    );
  }
  return (
    <div className="bonus-confirm" data-testid={condition ? "bonus-condition" : "bonus-details"}>
      <dl className="bonus-facts">
        {!condition && b.amount ? (
          <>
            <dt>{b.name}</dt>
            <dd>
              {b.amount.amount} {b.amount.code}
            </dd>
          </>
        ) : null}
        {!condition && b.kind === "freespin" ? (
          <>
            <dt>{b.name}</dt>
            <dd>{g("spinsLeft", { left: String(b.count - b.used), count: String(b.count) })}</dd>
          </>
        ) : null}
        {b.wager ? (
          <>
            <dt>{g("wager")}</dt>
            <dd>{g("wagerOf", { wagered: b.wager.wagered.amount, required: `${b.wager.required.amount} ${b.wager.required.code}` })}</dd>
          </>
        ) : null}
        <dt>{g("conditions")}</dt>
        <dd>{gamesLabel(t, b)}</dd>
        {b.namedGames.length > 0 ? (
          <>
            <dt />
            <dd>
              <ul className="bonus-games">
                {b.namedGames.map((game) => (
                  <li key={game.href}>
                    <Link href={game.href} onClick={() => dispatch({ type: "closeModal" })}>
                      {game.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : b.gameIds.length > 0 ? (
          <>
            <dt />
            <dd>{g("gameIds", { ids: b.gameIds.join(", ") })}</dd>
          </>
        ) : null}
        {b.maxBet ? (
          <>
            <dt />
            <dd>{g("maxBet", { amount: `${b.maxBet.amount} ${b.maxBet.code}` })}</dd>
          </>
        ) : null}
        {b.expiresAt > 0 ? (
          <>
            <dt />
            <dd>{g("expires", { date: b.expiresText })}</dd>
          </>
        ) : null}
      </dl>
      <div className="bonus-actions">
        <Button variant="secondary" onClick={() => dispatch({ type: "closeModal" })}>
          {g("ok")}
        </Button>
      </div>
    </div>
  );
}

/** The deposit bonuses the typed amount reaches; the choice goes with the deposit. */
function PackageBonus() {
  const g = useG();
  const dispatch = useDispatch();
  const b = useCore((s) => s.bonuses);
  const choose = (id: number | null) => dispatch({ type: "chooseDepositBonus", id: id ?? undefined });
  const lowest = b.depositAll[0];
  return (
    <div className="bonus-confirm" data-testid="package-bonus">
      <div className="bonus-choices">
        <button type="button" className="bonus-choice" aria-pressed={b.chosen == null} onClick={() => choose(null)}>
          <strong>{g("depositBonusNone")}</strong>
        </button>
        {b.deposit.map((p) => (
          <button key={p.id} type="button" className="bonus-choice" aria-pressed={b.chosen === p.id} onClick={() => choose(p.id)} data-testid={`deposit-bonus-${p.id}`}>
            <strong>{p.name}</strong>
            <span className="muted">{g("depositBonusFor", { percent: p.percent, max: `${p.max.amount} ${p.max.code}`, min: `${p.min.amount} ${p.min.code}` })}</span>
          </button>
        ))}
      </div>
      {b.deposit.length === 0 && lowest ? <p className="muted">{g("depositBonusEmpty", { min: `${lowest.min.amount} ${lowest.min.code}` })}</p> : null}
      {b.depositAll.length === 0 ? <p className="muted">{g("depositBonusNoneAvailable")}</p> : null}
    </div>
  );
}

/** The wallet's bonus summary: the active bonus, cashback and the code field. */
function WalletBonusInfo() {
  const g = useG();
  const dispatch = useDispatch();
  const b = useCore((s) => s.bonuses);
  const active = b.items.find((i) => i.active && i.kind === "bonus");
  return (
    <div className="bonuses" data-testid="wallet-bonus-info">
      <dl className="bonus-facts">
        <dt>{g("activeBonus")}</dt>
        <dd>{active?.amount ? `${active.name} · ${active.amount.amount} ${active.amount.code}` : g("noActiveBonus")}</dd>
        {active?.wager ? (
          <>
            <dt>{g("wager")}</dt>
            <dd>{`${active.wager.percent}%`}</dd>
          </>
        ) : null}
        {b.cashback ? (
          <>
            <dt>{g("cashback")}</dt>
            <dd>{`${b.cashback.amount} ${b.cashback.code}`}</dd>
          </>
        ) : null}
      </dl>
      <BonusCodeForm />
      <Link to="bonuses" onClick={() => dispatch({ type: "closeModal" })}>
        {g("seeAll")}
      </Link>
    </div>
  );
}
