import "./bonuses.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Skeleton } from "../../ui/Skeleton";
import { BonusCard } from "./BonusCard";
import { LoyaltyTile, QuestsTile } from "./Retention";
import { useGamesPainted } from "../../core/gamesPainted";

/** The bonus-code field: on the bonuses pages and in the wallet's bonus info. */
export function BonusCodeForm() {
  const t = useText();
  const dispatch = useDispatch();
  const b = useCore((s) => s.bonuses);
  const g = (k: string, p?: Record<string, string>) => t(`global-components.bonuses.${k}`, p);
  return (
    <>
      <form
        className="bonus-code-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          dispatch({ type: "bonusCodeSubmit" });
        }}
      >
        <TextField
          id="bonus-code"
          label={g("codeLabel")}
          value={b.code}
          autoComplete="off"
          error={b.codeError ?? undefined}
          onChange={(value) => dispatch({ type: "bonusCodeInput", value })}
        />
        <Button type="submit" busy={b.codeSending} data-testid="bonus-code-submit">
          {g("codeSubmit")}
        </Button>
      </form>
      {b.codes.length > 0 ? (
        <ul className="bonus-codes" aria-label={g("codesTitle")}>
          {b.codes.map((c) => (
            <li key={c.id}>
              {c.code}
              <button type="button" className="icon-btn" aria-label={g("codeRemove", { code: c.code })} onClick={() => dispatch({ type: "bonusCodeDelete", id: c.id })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Cashback, the bonus code and every issued or active bonus and free-spin package. */
export function BonusesPanel() {
  // Cards and quests name their games from the catalogue (fetched once, after the paint).
  useGamesPainted();
  const t = useText();
  const dispatch = useDispatch();
  const b = useCore((s) => s.bonuses);
  const g = (k: string, p?: Record<string, string>) => t(`global-components.bonuses.${k}`, p);
  return (
    <div className="bonuses">
      <div className="bonuses-top">
        <section className="bonus-tile" aria-labelledby="cashback-title" data-testid="cashback">
          <h2 id="cashback-title">{g("cashback")}</h2>
          {b.cashback ? (
            <>
              <p className="bonus-cashback-amount">
                {b.cashback.amount} <span className="money-code">{b.cashback.code}</span>
              </p>
              <p className="muted">{g("cashbackHint", { percent: b.cashbackPercent })}</p>
            </>
          ) : (
            <Skeleton lines={2} />
          )}
        </section>
        <section className="bonus-tile" aria-labelledby="code-title">
          <h2 id="code-title">{g("codeTitle")}</h2>
          <BonusCodeForm />
        </section>
      </div>
      {b.loyalty || b.quests ? (
        <div className="bonuses-top">
          {b.loyalty ? <LoyaltyTile l={b.loyalty} /> : null}
          {b.quests ? <QuestsTile quests={b.quests} /> : null}
        </div>
      ) : null}
      {!b.loaded && b.loading ? <Skeleton lines={4} name="bonus-list" /> : null}
      {!b.loaded && !b.loading ? (
        <div className="bonus-empty" role="alert">
          <p>{g("loadFailed")}</p>
          <Button variant="secondary" onClick={() => dispatch({ type: "refreshBonuses" })}>
            {g("retry")}
          </Button>
        </div>
      ) : null}
      {b.loaded && b.items.length === 0 ? (
        <div className="bonus-empty" data-testid="bonus-empty">
          <p>{g("empty")}</p>
        </div>
      ) : null}
      {b.items.length > 0 ? (
        <ul className="bonus-list" data-testid="bonus-list">
          {b.items.map((i) => (
            <BonusCard key={`${i.kind}-${i.id}`} b={i} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
