import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { Skeleton } from "../../ui/Skeleton";
import { Money } from "./Money";
import { MethodPicker } from "./MethodPicker";
import { QrPanel } from "./QrPanel";

/** The wallet modal (SPEC §2: `?modal=wallet&wallet=deposit|withdraw`): account, method,
 * amount and extra fields; a pending QR deposit or withdrawal shows its state instead. */
export function WalletModal() {
  const t = useText();
  const dispatch = useDispatch();
  const p = useCore((s) => s.payment);
  // The payment slice is built by the payments' code: until its chunk is here the slice is the
  // first view's (no accounts, the deposit side), so the form waits under a skeleton.
  const ready = useCore((s) => s.groups.payments === "ready");
  const withdraw = p.direction === "withdraw";
  const go = (dir: "deposit" | "withdraw") => dispatch({ type: "openModal", id: "wallet", params: [["wallet", dir]] });
  const invoice = p.invoice;
  const showQr = !withdraw && invoice?.qr && p.stage === "pending";
  const showWithdrawal = withdraw && invoice && !invoice.deposit && p.stage !== "form" && p.stage !== "submitting";
  return (
    <div className="wallet-modal" data-testid="wallet-modal">
      <div className="pay-tabs" role="tablist" aria-label={t("global-components.wallet.direction")}>
        {(["deposit", "withdraw"] as const).map((d) => (
          <button key={d} type="button" role="tab" aria-selected={ready && (p.direction ?? "deposit") === d} className="pay-tab" onClick={() => go(d)}>
            {t(`global-components.wallet.${d}`)}
          </button>
        ))}
      </div>
      {!ready ? (
        <Skeleton lines={5} name="payments-code" />
      ) : showQr && invoice ? (
        <QrPanel invoice={invoice} />
      ) : showWithdrawal ? (
        <WithdrawalState />
      ) : (
        <PayForm />
      )}
      <p className="pay-footer">
        <Link to="wallet-history" onClick={() => dispatch({ type: "closeModal" })}>
          {t("global-components.wallet.historyLink")}
        </Link>
      </p>
    </div>
  );
}

function Accounts() {
  const t = useText();
  const dispatch = useDispatch();
  const p = useCore((s) => s.payment);
  return (
    <>
      <div className="pay-tabs pay-tabs-small" role="tablist" aria-label={t("global-components.wallet.accounts")}>
        {(["all", "crypto"] as const).map((tab) => (
          <button key={tab} type="button" role="tab" aria-selected={p.tab === tab} className="pay-tab" onClick={() => dispatch({ type: "walletTab", tab })}>
            {t(`global-components.wallet.tab.${tab}`)}
          </button>
        ))}
      </div>
      <fieldset className="pay-choices pay-accounts">
        <legend className="sr-only">{t("global-components.wallet.accounts")}</legend>
        {p.accounts.length === 0 ? <p className="muted">{t("global-components.wallet.noAccounts")}</p> : null}
        {p.accounts.map((a) => (
          <label key={a.id} className={`pay-choice${a.selected ? " pay-choice-on" : ""}`} data-testid={`pay-account-${a.currency}`}>
            <input type="radio" name="pay-account" checked={a.selected} onChange={() => dispatch({ type: "payAccount", id: a.id })} />
            <span className="pay-choice-main">{a.currency}</span>
            <span className="pay-choice-side">
              <Money money={a.balance} />
              {a.equivalent && p.equivalent ? (
                <span className="muted pay-equivalent" data-testid={`equivalent-${a.currency}`}>
                  ≈ {a.equivalent} {p.equivalent}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      {p.accounts.some((a) => a.crypto) || p.tab === "crypto" ? (
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "fiat" })}>
          {p.equivalent ? t("global-components.wallet.equivalentIn", { currency: p.equivalent }) : t("global-components.wallet.equivalentChoose")}
        </button>
      ) : null}
    </>
  );
}

function PayForm() {
  const t = useText();
  const dispatch = useDispatch();
  const p = useCore((s) => s.payment);
  const method = p.groups.flatMap((g) => g.methods).find((m) => m.selected);
  const submitting = p.stage === "submitting";
  const input = (field: string, value: string) => dispatch({ type: "payInput", field, value });
  const blur = (field: string) => dispatch({ type: "payBlur", field });
  const withdraw = p.direction === "withdraw";
  return (
    <form
      className="pay-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: "pay" });
      }}
    >
      <Accounts />
      {p.countries.length > 0 ? (
        <SelectField
          id="pay-region"
          label={t("global-components.wallet.region")}
          placeholder="—"
          value={p.country ?? ""}
          options={p.countries.map(([code, name]) => ({ value: code, label: name }))}
          onChange={(v) => v && dispatch({ type: "payCountry", country: v })}
        />
      ) : null}
      {p.methodsState === "loading" || p.methodsState === "idle" ? <Skeleton lines={3} name="payment-methods" /> : null}
      {p.methodsState === "failed" ? (
        <div className="pay-empty" role="alert">
          <p>{t("global-components.wallet.methodsFailed")}</p>
          <Button type="button" variant="secondary" onClick={() => dispatch({ type: "retryMethods" })}>
            {t("global-components.wallet.retry")}
          </Button>
        </div>
      ) : null}
      {p.methodsState === "limitReached" ? (
        <div className="pay-empty" role="alert" data-testid="deposit-limit">
          <p>{p.message ?? t("global-components.wallet.limitReached")}</p>
          <Link to="profile-limits" onClick={() => dispatch({ type: "closeModal" })}>
            {t("global-components.wallet.limitsLink")}
          </Link>
        </div>
      ) : null}
      {p.methodsState === "ready" && p.groups.length === 0 ? <p className="muted">{t("global-components.wallet.noMethods")}</p> : null}
      {p.methodsState === "ready" ? <MethodPicker groups={p.groups} /> : null}
      {method ? (
        <>
          <TextField
            id="pay-amount"
            label={t("global-components.wallet.amount", { unit: p.unit })}
            value={p.values.amount ?? ""}
            inputMode="decimal"
            autoComplete="off"
            error={p.errors.amount}
            hint={method.min && method.max ? t("global-components.wallet.limits", { min: method.min, max: method.max, unit: p.unit }) : "\u00a0"}
            onChange={(v) => input("amount", v)}
            onBlur={() => blur("amount")}
          />
          {p.fields.map((f) => (
            <TextField
              key={f.name}
              id={`pay-${f.name}`}
              label={f.label}
              value={p.values[f.name] ?? ""}
              inputMode={f.kind === "card" || f.kind === "cpf" ? "numeric" : f.kind === "phone" ? "tel" : undefined}
              autoComplete={f.kind === "card" ? "cc-number" : f.kind === "phone" ? "tel" : "off"}
              error={p.errors[f.name]}
              onChange={(v) => input(f.name, v)}
              onBlur={() => blur(f.name)}
            />
          ))}
          {withdraw ? null : <DepositBonusLine />}
          {p.message && p.methodsState !== "limitReached" ? (
            <p className="form-error" role="alert">
              {p.message}
            </p>
          ) : null}
          <Button type="submit" busy={submitting} data-testid="pay-submit">
            {t(withdraw ? "global-components.wallet.withdrawSubmit" : "global-components.wallet.depositSubmit")}
          </Button>
        </>
      ) : null}
    </form>
  );
}

/** A withdrawal after it was sent: pending (with decline), done or failed. */
function WithdrawalState() {
  const t = useText();
  const dispatch = useDispatch();
  const p = useCore((s) => s.payment);
  const invoice = p.invoice;
  if (!invoice) return null;
  const key = p.stage === "pending" ? "withdrawPending" : p.stage === "success" ? "withdrawSuccess" : "withdrawError";
  return (
    <div className="pay-result" role="status" aria-live="polite" data-testid={`withdrawal-${p.stage}`}>
      <p className="pay-result-text">{t(`global-components.wallet.result.${key}`)}</p>
      <p className="pay-result-amount">
        <Money money={invoice.amount} />
      </p>
      <div className="pay-actions">
        {p.stage === "pending" ? (
          <Button variant="secondary" busy={p.declining.includes(invoice.id)} onClick={() => dispatch({ type: "declineInvoice", id: invoice.id })}>
            {t("global-components.wallet.decline")}
          </Button>
        ) : (
          <Button onClick={() => dispatch({ type: "payAgain" })}>{t("global-components.wallet.again")}</Button>
        )}
      </div>
    </div>
  );
}

/** The deposit bonus chosen for this deposit (package-bonus modal), for the active account's
 * currency only: the bonus goes with the deposit as `bonusId`. */
function DepositBonusLine() {
  const t = useText();
  const dispatch = useDispatch();
  const b = useCore((s) => s.bonuses);
  const p = useCore((s) => s.payment);
  const currency = p.accounts.find((a) => a.id === p.accountId)?.currency;
  if (b.depositAll.length === 0 || currency !== b.currency) return null;
  const chosen = b.depositAll.find((d) => d.id === b.chosen);
  return (
    <div className="pay-bonus-line" data-testid="deposit-bonus-line">
      <span>
        {t("global-components.bonuses.depositBonus")}: <strong>{chosen ? chosen.name : t("global-components.bonuses.depositBonusNone")}</strong>
      </span>
      <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "package-bonus" })} data-testid="deposit-bonus-choose">
        {t("global-components.bonuses.depositBonusChoose")}
      </button>
    </div>
  );
}
