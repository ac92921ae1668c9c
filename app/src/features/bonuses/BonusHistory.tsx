import { useCore, useDispatch, useText } from "../../core/store";
import type { BonusHistoryView, FilterOption } from "../../core/types";
import { Link } from "../../shared/Link";
import { FilterSheet } from "../../ui/FilterSheet";
import { Skeleton } from "../../ui/Skeleton";
import { useDevice } from "../../ui/useDevice";

const g = "global-components.bonuses.history";

/** The bonuses tab of the wallet history (SPEC §2): bonuses and free spins, finished ones
 * too. Filters are links on a desktop and a sheet on a phone; the core decides both. */
export function BonusHistory() {
  const t = useText();
  const h = useCore((s) => s.bonusesHistory);
  const { mobile } = useDevice();
  if (!h.open) return null;
  return (
    <div className="game-history bonus-history" data-testid="bonus-history">
      {mobile ? <MobileFilters h={h} /> : <DesktopFilters h={h} />}
      {h.loading ? (
        <Skeleton lines={5} name="history-bonuses" />
      ) : h.failed ? (
        <p role="alert">{t(`${g}.failed`)}</p>
      ) : h.rows.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t(`${g}.empty`)}
        </p>
      ) : mobile ? (
        <ul className="history-cards" data-testid="bonus-history-rows">
          {h.rows.map((r) => (
            <li key={r.key} className="history-card" data-testid="bonus-history-row">
              <div className="history-card-body">
                <strong>{r.name}</strong>
                <span>{r.amountText}</span>
                <span className="muted">{r.kindText}</span>
                <span>{stateText(r.statusText, r.resultText)}</span>
                <span className="muted">{r.createdText}</span>
                <span className="muted">{r.expiresText ? `${t(`${g}.col.expires`)} ${r.expiresText}` : ""}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <table className="history-table" data-testid="bonus-history-rows">
          <caption className="sr-only">{t(`${g}.table`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`${g}.col.date`)}</th>
              <th scope="col">{t(`${g}.col.kind`)}</th>
              <th scope="col">{t(`${g}.col.name`)}</th>
              <th scope="col">{t(`${g}.col.amount`)}</th>
              <th scope="col">{t(`${g}.col.status`)}</th>
              <th scope="col">{t(`${g}.col.expires`)}</th>
            </tr>
          </thead>
          <tbody>
            {h.rows.map((r) => (
              <tr key={r.key} data-testid="bonus-history-row">
                <td>{r.createdText}</td>
                <td>{r.kindText}</td>
                <td>{r.name}</td>
                <td>{r.amountText}</td>
                <td>{stateText(r.statusText, r.resultText)}</td>
                <td>{r.expiresText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** "Finished: Played" when a result is known, else the status alone. */
function stateText(status: string, result: string) {
  return result ? `${status}: ${result}` : status;
}

function Chips({ id, label, options }: { id: string; label: string; options: FilterOption[] }) {
  return (
    <div className="field">
      <span className="filter-label" id={id}>
        {label}
      </span>
      <div className="chips" role="group" aria-labelledby={id}>
        {options.map((o) => (
          <Link key={o.value} href={o.href} className={`chip${o.on ? " on" : ""}`} aria-current={o.on ? "true" : undefined}>
            {o.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

function DesktopFilters({ h }: { h: BonusHistoryView }) {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <div className="history-filter-row" data-testid="bonus-filters">
      <Chips id="bonus-history-status" label={t(`${g}.status`)} options={h.statuses} />
      <Chips id="bonus-history-kind" label={t(`${g}.kind`)} options={h.kinds} />
      <div className="field">
        <label htmlFor="bonus-history-currency">{t(`${g}.currency`)}</label>
        <select
          id="bonus-history-currency"
          value={h.currency}
          onChange={(e) => {
            const o = h.currencies.find((c) => c.value === e.target.value);
            if (o) dispatch({ type: "navigate", path: o.href });
          }}
        >
          {h.currencies.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Radios({ name, legend, options }: { name: string; legend: string; options: FilterOption[] }) {
  return (
    <fieldset className="history-statuses">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} defaultChecked={o.on} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function MobileFilters({ h }: { h: BonusHistoryView }) {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <FilterSheet
      title={t("global-components.games.history.filters")}
      applyLabel={t("global-components.games.history.apply")}
      closeLabel={t("global-components.games.history.close")}
      testId="bonus-filters-open"
      onApply={(form) =>
        dispatch({
          type: "bonusHistoryFilter",
          status: String(form.get("status") ?? "all") as BonusHistoryView["status"],
          kind: String(form.get("kind") ?? "all") as BonusHistoryView["kind"],
          currency: String(form.get("currency") ?? ""),
        })
      }
    >
      <Radios name="status" legend={t(`${g}.status`)} options={h.statuses} />
      <Radios name="kind" legend={t(`${g}.kind`)} options={h.kinds} />
      <div className="field">
        <label htmlFor="bonus-sheet-currency">{t(`${g}.currency`)}</label>
        <select id="bonus-sheet-currency" name="currency" defaultValue={h.currency}>
          {h.currencies.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </FilterSheet>
  );
}
