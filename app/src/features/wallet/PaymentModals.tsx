import { useEffect } from "react";
import type { ModalId } from "../../core/names.gen";
import "./payments.css";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Money } from "./Money";
import { GroupRetry } from "../../shared/GroupRetry";
import { WalletModal } from "./WalletModal";

/** The bodies of the wallet, deposit-status/success/error, cancel-deposit and fiat modals. */
export default function PaymentModals({ id }: { id: ModalId }) {
  useAnalyticsReadout();
  // Every modal here but the display choices (the wallet's) runs on the payments' code: while
  // its chunk failed, the modal offers the retry (while it loads, the methods' skeleton shows).
  const code = useCore((s) => s.groups.payments);
  if (code === "failed" && id !== "fiat") return <GroupRetry group="payments" testId="payments-code-failed" />;
  switch (id) {
    case "wallet":
      return <WalletModal />;
    case "wallet-telegram-app":
      return <TelegramWallet />;
    case "cancel-deposit":
      return <CancelDeposit />;
    case "fiat":
      return <FiatModal />;
    default:
      return <DepositResult id={id} />;
  }
}

/** deposit-status (pending), deposit-success and deposit-error: the invoice on screen. */
function DepositResult({ id }: { id: ModalId }) {
  const t = useText();
  const dispatch = useDispatch();
  const invoice = useCore((s) => s.payment.invoice);
  const stage = useCore((s) => s.payment.stage);
  // The modal names the outcome; deposit-status follows the invoice until it settles.
  const key = id === "deposit-error" || stage === "error" ? "error" : id === "deposit-success" || stage === "success" ? "success" : "pending";
  return (
    <div className="pay-result" data-testid={`deposit-${key}`} role="status" aria-live="polite">
      {key === "pending" ? <span className="spinner spinner-lg" aria-hidden="true" /> : <span className={`pay-icon pay-icon-${key}`} aria-hidden="true" />}
      <p className="pay-result-text">{t(`global-components.wallet.result.${key}`)}</p>
      {invoice ? (
        <p className="pay-result-amount">
          <Money money={invoice.amount} />
        </p>
      ) : null}
      <div className="pay-actions">
        {key === "error" ? (
          <Button onClick={() => dispatch({ type: "openModal", id: "wallet", params: [["wallet", "deposit"]] })}>{t("global-components.wallet.tryAgain")}</Button>
        ) : null}
        <Button variant={key === "error" ? "secondary" : "primary"} onClick={() => dispatch({ type: "closeModal" })}>
          {t("layout.close")}
        </Button>
      </div>
    </div>
  );
}

/** Asks before declining the pending QR deposit. */
function CancelDeposit() {
  const t = useText();
  const dispatch = useDispatch();
  const asyncId = useCore((s) => s.payment.asyncId);
  const declining = useCore((s) => s.payment.declining);
  const back = () => dispatch({ type: "openModal", id: "wallet", params: [["wallet", "deposit"]] });
  return (
    <div className="pay-confirm">
      <p>{t("global-components.wallet.cancelQuestion")}</p>
      <div className="pay-actions">
        <Button
          variant="primary"
          busy={asyncId != null && declining.includes(asyncId)}
          disabled={asyncId == null}
          onClick={() => {
            if (asyncId == null) return;
            dispatch({ type: "declineInvoice", id: asyncId });
            dispatch({ type: "closeModal" });
          }}
        >
          {t("global-components.wallet.cancelConfirm")}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t("global-components.wallet.cancelKeep")}
        </Button>
      </div>
    </div>
  );
}

/** How crypto amounts show on this device: in units or sub-units (SPEC §1), and the fiat the crypto
 * balances are also shown in (SPEC §9: localStorage, 2 decimals). */
function FiatModal() {
  const t = useText();
  const dispatch = useDispatch();
  const fiats = useCore((s) => s.payment.fiats);
  const current = useCore((s) => s.payment.equivalent);
  const subUnits = useCore((s) => s.payment.subUnits);
  return (
    <>
      <fieldset className="pay-choices" data-testid="crypto-units">
        <legend>{t("global-components.wallet.cryptoUnitsLegend")}</legend>
        {([false, true] as const).map((on) => (
          <label key={String(on)} className="pay-choice">
            <input type="radio" name="crypto-units" checked={subUnits === on} onChange={() => dispatch({ type: "setCryptoUnits", subUnits: on })} />
            <span>{t(`global-components.wallet.cryptoUnits.${on ? "subUnits" : "units"}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="pay-choices">
        <legend>{t("global-components.wallet.equivalentLegend")}</legend>
        {[null, ...fiats].map((code) => (
          <label key={code ?? "none"} className="pay-choice">
            <input
              type="radio"
              name="equivalent"
              checked={(current ?? null) === code}
              onChange={() => dispatch({ type: "setEquivalent", currency: code ?? undefined })}
            />
            <span>{code ?? t("global-components.wallet.equivalentNone")}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The core's analytics sink, read out on `window.croupierAnalytics` (events fired so far, oldest
 * first) for tests and, later, the tag-manager forwarder of the third-party issue. */
function useAnalyticsReadout() {
  const analytics = useCore((s) => s.payment.analytics);
  useEffect(() => {
    (window as unknown as { croupierAnalytics?: string[] }).croupierAnalytics = [...analytics];
  }, [analytics]);
}

/** The wallet in the messenger mini-app (`tg-wallet`): the same accounts, methods and invoices as
 * on the website, in the mini-app's frame (its back button and close confirmation follow it). */
function TelegramWallet() {
  const t = useText();
  return (
    <div data-testid="tg-wallet">
      <p className="tg-note">{t("layout.miniapp.wallet.text")}</p>
      <WalletModal />
    </div>
  );
}
