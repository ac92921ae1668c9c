import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { FilterSheet } from "../../ui/FilterSheet";
import { Skeleton } from "../../ui/Skeleton";
import { useDevice } from "../../ui/useDevice";

/** The tab links of the history page: transactions (the wallet's), bets, bonuses and spins. */
export function HistoryTabs({ transactionsHref }: { transactionsHref: string }) {
  const t = useText();
  const h = useCore((s) => s.gamesHistory);
  return (
    <nav className="chips history-tabs" aria-label={t("global-components.games.history.tabs")}>
      <Link href={transactionsHref} className={`chip${h.tab === null ? " on" : ""}`} aria-current={h.tab === null ? "page" : undefined}>
        {t("global-components.games.history.transactions")}
      </Link>
      <Link href={h.betsHref} className={`chip${h.tab === "bets" ? " on" : ""}`} aria-current={h.tab === "bets" ? "page" : undefined}>
        {t("global-components.games.history.bets")}
      </Link>
      <Link href={h.bonusesHref} className={`chip${h.tab === "bonuses" ? " on" : ""}`} aria-current={h.tab === "bonuses" ? "page" : undefined}>
        {t("global-components.games.history.bonuses")}
      </Link>
      <Link href={h.spinsHref} className={`chip${h.tab === "spins" ? " on" : ""}`} aria-current={h.tab === "spins" ? "page" : undefined}>
        {t("global-components.games.history.spins")}
      </Link>
    </nav>
  );
}

/** Bets (settled or open) and spins, a page at a time, live rows on the first page. The
 * spins call takes only a page (SPEC §7), so spins have no filter. */
export function GameHistory() {
  const t = useText();
  const dispatch = useDispatch();
  const h = useCore((s) => s.gamesHistory);
  const { mobile } = useDevice();
  if (!h.tab || h.tab === "bonuses") return null;
  return (
    <div className="game-history" data-testid="game-history">
      {h.tab === "bets" && mobile ? (
        <FilterSheet
          title={t("global-components.games.history.filters")}
          applyLabel={t("global-components.games.history.apply")}
          closeLabel={t("global-components.games.history.close")}
          testId="bet-filters-open"
          onApply={(form) => dispatch({ type: "navigate", path: String(form.get("settled") ?? h.settledHref) })}
        >
          <fieldset className="history-statuses">
            <legend>{t("global-components.games.history.filter")}</legend>
            <label>
              <input type="radio" name="settled" value={h.settledHref} defaultChecked={h.settled} /> {t("global-components.games.history.settled")}
            </label>
            <label>
              <input type="radio" name="settled" value={h.openHref} defaultChecked={!h.settled} /> {t("global-components.games.history.open")}
            </label>
          </fieldset>
        </FilterSheet>
      ) : h.tab === "bets" ? (
        <div className="chips" role="group" aria-label={t("global-components.games.history.filter")}>
          <Link href={h.settledHref} className={`chip${h.settled ? " on" : ""}`} aria-current={h.settled ? "true" : undefined}>
            {t("global-components.games.history.settled")}
          </Link>
          <Link href={h.openHref} className={`chip${!h.settled ? " on" : ""}`} aria-current={!h.settled ? "true" : undefined}>
            {t("global-components.games.history.open")}
          </Link>
        </div>
      ) : null}
      {h.loading ? (
        <Skeleton lines={5} name={`history-${h.tab}`} />
      ) : h.failed ? (
        <p role="alert">{t("global-components.games.history.failed")}</p>
      ) : h.rows.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {t("global-components.games.history.empty")}
        </p>
      ) : (
        <table className="history-table" data-testid="history-rows">
          <thead>
            <tr>
              <th scope="col">{t("global-components.games.history.date")}</th>
              <th scope="col">{t("global-components.games.history.game")}</th>
              <th scope="col">{t("global-components.games.history.bet")}</th>
              <th scope="col">{t("global-components.games.history.win")}</th>
            </tr>
          </thead>
          <tbody>
            {h.rows.map((r) => (
              <tr key={r.id}>
                <td>{r.createdText}</td>
                <td>{r.href ? <Link href={r.href}>{r.game}</Link> : r.game}</td>
                <td>
                  {r.bet} {r.currency}
                </td>
                <td>
                  {r.win} {r.currency}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {h.prevHref || h.nextHref ? (
        <nav className="pager" aria-label={t("global-components.games.history.pages")}>
          {h.prevHref ? <Link href={h.prevHref}>{t("global-components.games.history.prev")}</Link> : <span />}
          <span className="muted">{t("global-components.games.history.page", { page: String(h.page), pages: String(h.totalPages) })}</span>
          {h.nextHref ? <Link href={h.nextHref}>{t("global-components.games.history.next")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
