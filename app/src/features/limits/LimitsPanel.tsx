import "./limits.css";
import { useCore, useDispatch, useText } from "../../core/store";
import type { LimitSection, LimitView } from "../../core/types";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { GroupRetry } from "../../shared/GroupRetry";
import { periodText } from "./format";

const PERIODS = ["daily", "weekly", "monthly"] as const;

/** /profile/limits: bet, loss and deposit limits per period and currency, self-exclusion and
 * cooling-off (SPEC §4 Limits). Every change goes through a modal the core opens. */
export function LimitsPanel() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.limits);
  const code = useCore((s) => s.groups.limits);
  if (code === "failed") return <GroupRetry group="limits" testId="limits-code-failed" />;
  if (code !== "ready") return <Skeleton lines={6} name="limits-code" />;
  if (v.failed) {
    return (
      <div className="panel" role="alert">
        <p>{t("global-components.limits.failed")}</p>
        <Button variant="secondary" onClick={() => dispatch({ type: "limitsRetry" })}>
          {t("global-components.wallet.retry")}
        </Button>
      </div>
    );
  }
  if (v.loading) return <Skeleton lines={6} name="limits" />;
  const breaks = v.sections.filter((s) => !s.hasAmount);
  const running = breaks.flatMap((s) => s.items).filter((l) => l.until != null);
  return (
    <div className="limits">
      {running.map((l) => (
        <p key={l.id} className="limits-banner" role="status" data-testid="limits-blocked">
          {t("global-components.limits.blocked", {
            kind: t(`global-components.limits.${l.name}.title`),
            until: l.untilText ?? "",
          })}
        </p>
      ))}
      {v.sections
        .filter((s) => s.hasAmount)
        .map((s) => (
          <AmountSection key={s.definition} section={s} currencies={v.currencies} />
        ))}
      {breaks.map((s) => (
        <BreakSection key={s.definition} section={s} />
      ))}
    </div>
  );
}

function AmountSection({ section: s, currencies }: { section: LimitSection; currencies: string[] }) {
  const t = useText();
  const dispatch = useDispatch();
  const active = useCore((st) => st.accounts.items.find((a) => a.active)?.currency);
  const title = `limits-${s.name}-title`;
  return (
    <section className="panel limit-section" aria-labelledby={title} data-testid={`limits-${s.name}`}>
      <div className="limit-head">
        <div>
          <h2 id={title}>{t(`global-components.limits.${s.name}.title`)}</h2>
          <p className="muted">{t(`global-components.limits.${s.name}.text`)}</p>
        </div>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={s.advanced}
            onChange={(e) => dispatch({ type: "limitsAdvanced", definition: s.definition, on: e.target.checked })}
          />
          <span>{t("global-components.limits.advanced")}</span>
        </label>
      </div>
      {s.advanced ? (
        <Grid section={s} currencies={currencies} />
      ) : (
        <>
          {s.items.length === 0 ? <p className="muted">{t("global-components.limits.none")}</p> : null}
          <ul className="limit-list">
            {s.items.map((l) => (
              <li key={l.id} className="limit-row" data-testid={`limit-${l.id}`}>
                <span className="limit-period">{periodText(t, l.period, l.hasAmount)}</span>
                <span className="money-amount">
                  {l.amount} {l.currency}
                </span>
                <Actions limit={l} />
                <Later limit={l} />
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => dispatch({ type: "limitAdd", definition: s.definition, currency: active })}>
            {t("global-components.limits.add")}
          </Button>
        </>
      )}
      {s.advancedAvailable ? null : <p className="muted limit-hint">{t("global-components.limits.advancedHint")}</p>}
    </section>
  );
}

/** Advanced mode: a cell per period and currency, each added, changed or removed on its own. */
function Grid({ section: s, currencies }: { section: LimitSection; currencies: string[] }) {
  const t = useText();
  const dispatch = useDispatch();
  const kind = t(`global-components.limits.${s.name}.title`);
  return (
    <div className="limit-grid-wrap">
      <table className="limit-grid">
        <caption className="sr-only">{kind}</caption>
        <thead>
          <tr>
            <th scope="col">{t("global-components.limits.periodLabel")}</th>
            {currencies.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERIODS.map((p) => (
            <tr key={p}>
              <th scope="row">{periodText(t, p, s.hasAmount)}</th>
              {currencies.map((c) => {
                const l = s.items.find((i) => i.period === p && i.currency === c);
                return (
                  <td key={c} data-testid={`cell-${s.name}-${p}-${c}`}>
                    {l ? (
                      <>
                        <span className="money-amount">{l.amount}</span>
                        <Actions limit={l} />
                        <Later limit={l} />
                      </>
                    ) : (
                      <button
                        type="button"
                        className="link-btn"
                        aria-label={t("global-components.limits.addCell", { period: periodText(t, p, s.hasAmount), currency: c, kind })}
                        onClick={() => dispatch({ type: "limitAdd", definition: s.definition, period: p, currency: c })}
                      >
                        {t("global-components.limits.addShort")}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Actions({ limit: l }: { limit: LimitView }) {
  const t = useText();
  const dispatch = useDispatch();
  const what = `${periodText(t, l.period, l.hasAmount)} ${l.currency ?? ""}`.trim();
  return (
    <span className="limit-actions">
      <button type="button" className="link-btn" aria-label={t("global-components.limits.editOne", { what })} onClick={() => dispatch({ type: "limitEdit", id: l.id })}>
        {t("global-components.limits.edit")}
      </button>
      {l.hasAmount ? (
        <button type="button" className="link-btn link-danger" aria-label={t("global-components.limits.removeOne", { what })} onClick={() => dispatch({ type: "limitRemove", id: l.id })}>
          {t("global-components.limits.remove")}
        </button>
      ) : null}
    </span>
  );
}

/** A loosened limit's change waiting its 24 h (issue 30): what it becomes and when, and a way
 * to cancel it. */
function Later({ limit: l }: { limit: LimitView }) {
  const t = useText();
  const dispatch = useDispatch();
  const busy = useCore((s) => s.limits.busy);
  const later = l.later;
  if (!later) return null;
  const at = later.appliesText;
  const what = `${periodText(t, l.period, l.hasAmount)} ${l.currency ?? ""}`.trim();
  const text =
    later.amount == null
      ? t("global-components.limits.laterRemoval", { at })
      : t("global-components.limits.laterChange", {
          limit: `${periodText(t, later.period ?? l.period, l.hasAmount)} ${later.amount} ${l.currency ?? ""}`.trim(),
          at,
        });
  return (
    <span className="limit-later" data-testid={`limit-later-${l.id}`}>
      <span>{text}</span>
      <button
        type="button"
        className="link-btn"
        disabled={busy}
        aria-label={t("global-components.limits.laterCancelOne", { what })}
        onClick={() => dispatch({ type: "limitLaterCancel", id: l.id })}
      >
        {t("global-components.limits.laterCancel")}
      </button>
    </span>
  );
}

/** Self-exclusion and cooling-off: take one for a period, or see until when it runs. */
function BreakSection({ section: s }: { section: LimitSection }) {
  const t = useText();
  const dispatch = useDispatch();
  const title = `limits-${s.name}-title`;
  const running = s.items.find((l) => l.until != null);
  return (
    <section className="panel limit-section" aria-labelledby={title} data-testid={`limits-${s.name}`}>
      <h2 id={title}>{t(`global-components.limits.${s.name}.title`)}</h2>
      <p className="muted">{t(`global-components.limits.${s.name}.text`)}</p>
      {running ? (
        <div className="limit-row">
          <span>{t("global-components.limits.activeUntil", { until: running.untilText ?? "" })}</span>
          <Button variant="secondary" onClick={() => dispatch({ type: "limitEdit", id: running.id })}>
            {t("global-components.limits.extend")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => dispatch({ type: "limitAdd", definition: s.definition })}>
          {t(`global-components.limits.${s.name}.start`)}
        </Button>
      )}
    </section>
  );
}
