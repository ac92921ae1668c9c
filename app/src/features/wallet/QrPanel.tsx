import { useEffect, useMemo, useState } from "react";
import { renderSVG } from "uqr";
import type { InvoiceView } from "../../core/types";
import { useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Money } from "./Money";

/** A pending QR deposit: the code, the address to copy, the time left, and cancel. */
export function QrPanel({ invoice }: { invoice: InvoiceView }) {
  const t = useText();
  const dispatch = useDispatch();
  const [copied, setCopied] = useState(false);
  const left = useSecondsLeft(invoice.expiresAt ?? null);
  const src = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(invoice.qr ?? "", { border: 2 }))}`, [invoice.qr]);
  const copy = async () => {
    if (!invoice.address) return;
    try {
      await navigator.clipboard.writeText(invoice.address);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="pay-qr" data-testid="pay-qr">
      <p>{t("global-components.wallet.qrIntro")}</p>
      <p className="pay-result-amount">
        <Money money={invoice.amount} />
      </p>
      <img className="pay-qr-code" src={src} width={200} height={200} alt={t("global-components.wallet.qrAlt")} data-qr={invoice.qr ?? ""} />
      {invoice.address ? (
        <div className="pay-address">
          <label htmlFor="pay-address">{t("global-components.wallet.address")}</label>
          <div className="pay-address-row">
            <input id="pay-address" readOnly value={invoice.address} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={copy}>
              {copied ? t("global-components.wallet.copied") : t("global-components.wallet.copy")}
            </Button>
          </div>
        </div>
      ) : null}
      {left != null ? (
        <p className="muted" role="timer" aria-live="off" data-testid="pay-countdown">
          {left > 0 ? t("global-components.wallet.expiresIn", { time: clock(left) }) : t("global-components.wallet.expired")}
        </p>
      ) : null}
      <p className="muted" aria-live="polite">
        {t("global-components.wallet.qrWaiting")}
      </p>
      <Button variant="secondary" onClick={() => dispatch({ type: "cancelDeposit" })}>
        {t("global-components.wallet.cancelDeposit")}
      </Button>
    </div>
  );
}

function useSecondsLeft(expiresAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt == null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return expiresAt == null ? null : Math.max(0, Math.floor(expiresAt - now / 1000));
}

function clock(secs: number) {
  const m = Math.floor(secs / 60);
  const s = secs % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
