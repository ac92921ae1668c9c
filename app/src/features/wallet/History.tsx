import "./payments.css";
import type { HistoryView, InvoiceView } from "../../core/types";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FilterSheet } from "../../ui/FilterSheet";
import { Skeleton } from "../../ui/Skeleton";
import { useDevice } from "../../ui/useDevice";
import { Money } from "./Money";
import { GroupRetry } from "../../shared/GroupRetry";

type Filter = HistoryView["filter"];

/** Transactions (SPEC §2 history tab): filters, a page of invoices, statistics. */
export function History() {
  const t = useText();
  const dispatch = useDispatch();
  const h = useCore((s) => s.history);
  const code = useCore((s) => s.groups.payments);
  const { mobile } = useDevice();
  const set = (filter: Filter) => dispatch({ type: "historyFilter", filter });
  // The transactions come with the payments' code: a failed chunk offers its retry.
  if (code === "failed") return <GroupRetry group="payments" testId="payments-code-failed" />;
  return (
    <div className="history">
      {h.stats.length > 0 ? (
        <ul className="history-stats" aria-label={t("global-components.wallet.stats")}>
          {h.stats.map((s) => (
            <li key={s.currency}>
              <span className="account-code">{s.currency}</span>
              <span>
                {t("global-components.wallet.statDeposits", { count: String(s.depositCount) })} <Money money={s.deposits} />
              </span>
              <span>
                {t("global-components.wallet.statWithdrawals", { count: String(s.withdrawalCount) })} <Money money={s.withdrawals} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {mobile ? (
        // The same sheet as the other history tabs: the fields apply together.
        <FilterSheet
          title={t("global-components.wallet.filters")}
          applyLabel={t("global-components.games.history.apply")}
          closeLabel={t("global-components.games.history.close")}
          testId="transaction-filters-open"
          onApply={(form) =>
            set({
              kind: String(form.get("kind") ?? ""),
              statuses: form.getAll("status").map(Number),
              dateFrom: String(form.get("dateFrom") ?? ""),
              dateTo: String(form.get("dateTo") ?? ""),
            })
          }
        >
          <SheetFields filter={h.filter} />
        </FilterSheet>
      ) : (
        <Filters filter={h.filter} onChange={set} />
      )}
      {!h.loaded ? (
        <Skeleton lines={5} name="history-transactions" />
      ) : h.items.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t("global-components.wallet.historyEmpty")}
        </p>
      ) : mobile ? (
        <ul className="history-cards" aria-busy={h.loading}>
          {h.items.map((i) => (
            <li key={i.id} className="history-card" data-testid="history-row">
              <Row invoice={i} declining={h.declining.includes(i.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <table className="history-table" aria-busy={h.loading}>
          <caption className="sr-only">{t("global-components.wallet.transactions")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("global-components.wallet.col.date")}</th>
              <th scope="col">{t("global-components.wallet.col.type")}</th>
              <th scope="col">{t("global-components.wallet.col.method")}</th>
              <th scope="col">{t("global-components.wallet.col.amount")}</th>
              <th scope="col">{t("global-components.wallet.col.status")}</th>
              <th scope="col">
                <span className="sr-only">{t("global-components.wallet.col.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {h.items.map((i) => (
              <tr key={i.id} data-testid="history-row">
                <Row invoice={i} declining={h.declining.includes(i.id)} table />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {h.totalPages > 1 ? (
        <nav className="pager" aria-label={t("global-components.wallet.pages")}>
          <Button variant="secondary" disabled={h.page <= 1} onClick={() => dispatch({ type: "historyPage", page: h.page - 1 })}>
            {t("global-components.wallet.prev")}
          </Button>
          <span>{t("global-components.wallet.pageOf", { page: String(h.page), total: String(h.totalPages) })}</span>
          <Button variant="secondary" disabled={h.page >= h.totalPages} onClick={() => dispatch({ type: "historyPage", page: h.page + 1 })}>
            {t("global-components.wallet.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** The transaction filters of the phone's sheet: named and uncontrolled, applied together. */
function SheetFields({ filter }: { filter: Filter }) {
  const t = useText();
  const statuses = filter.statuses ?? [];
  return (
    <>
      <div className="field">
        <label htmlFor="sheet-history-type">{t("global-components.wallet.col.type")}</label>
        <select id="sheet-history-type" name="kind" defaultValue={filter.kind ?? ""}>
          <option value="">{t("global-components.wallet.typeAll")}</option>
          <option value="deposit">{t("global-components.wallet.type.deposit")}</option>
          <option value="withdrawal">{t("global-components.wallet.type.withdrawal")}</option>
        </select>
      </div>
      <fieldset className="history-statuses">
        <legend>{t("global-components.wallet.col.status")}</legend>
        {[1, 2, 3].map((s) => (
          <label key={s}>
            <input type="checkbox" name="status" value={s} defaultChecked={statuses.includes(s)} /> {t(`global-components.wallet.status.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="sheet-history-from">{t("global-components.wallet.dateFrom")}</label>
        <input id="sheet-history-from" name="dateFrom" type="date" defaultValue={filter.dateFrom ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="sheet-history-to">{t("global-components.wallet.dateTo")}</label>
        <input id="sheet-history-to" name="dateTo" type="date" defaultValue={filter.dateTo ?? ""} />
      </div>
    </>
  );
}

function Filters({ filter, onChange }: { filter: Filter; onChange: (f: Filter) => void }) {
  const t = useText();
  const statuses = filter.statuses ?? [];
  const toggle = (s: number) => onChange({ ...filter, statuses: statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s] });
  return (
    <form id="history-filters" className="history-filters" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor="history-type">{t("global-components.wallet.col.type")}</label>
        <select id="history-type" value={filter.kind ?? ""} onChange={(e) => onChange({ ...filter, kind: e.target.value })}>
          <option value="">{t("global-components.wallet.typeAll")}</option>
          <option value="deposit">{t("global-components.wallet.type.deposit")}</option>
          <option value="withdrawal">{t("global-components.wallet.type.withdrawal")}</option>
        </select>
      </div>
      <fieldset className="history-statuses">
        <legend>{t("global-components.wallet.col.status")}</legend>
        {[1, 2, 3].map((s) => (
          <label key={s}>
            <input type="checkbox" checked={statuses.includes(s)} onChange={() => toggle(s)} /> {t(`global-components.wallet.status.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="history-from">{t("global-components.wallet.dateFrom")}</label>
        <input id="history-from" type="date" value={filter.dateFrom ?? ""} onChange={(e) => onChange({ ...filter, dateFrom: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="history-to">{t("global-components.wallet.dateTo")}</label>
        <input id="history-to" type="date" value={filter.dateTo ?? ""} onChange={(e) => onChange({ ...filter, dateTo: e.target.value })} />
      </div>
    </form>
  );
}

function Row({ invoice: i, declining, table }: { invoice: InvoiceView; declining: boolean; table?: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const cells = [
    // The core formats it (SPEC §9 `DD.MM.YY, HH:mm` in the device's zone).
    <time key="d" dateTime={i.createdIso}>
      {i.createdText}
    </time>,
    <span key="k">{t(`global-components.wallet.type.${i.deposit ? "deposit" : "withdrawal"}`)}</span>,
    <span key="m" className="muted">
      {i.method}
    </span>,
    <Money key="a" money={i.amount} />,
    <span key="s" className={`status status-${i.status}`}>
      {t(`global-components.wallet.status.${i.status}`)}
    </span>,
    // The core says which can be taken back (a pending withdrawal or QR deposit).
    i.canDecline ? (
      <Button key="x" variant="ghost" busy={declining} onClick={() => dispatch({ type: "declineInvoice", id: i.id })}>
        {t(i.deposit ? "global-components.wallet.cancelDeposit" : "global-components.wallet.decline")}
      </Button>
    ) : (
      <span key="x" />
    ),
  ];
  return table ? (
    <>
      {cells.map((c, n) => (
        <td key={n}>{c}</td>
      ))}
    </>
  ) : (
    <div className="history-card-body">{cells}</div>
  );
}
