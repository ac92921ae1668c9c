import { useEffect, useRef, useState } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Icon } from "../../ui/Icon";
import { Equivalent, Money } from "./Money";

/** Header balance; opens the list of accounts to switch between. */
export default function AccountSwitcher() {
  const t = useText();
  const dispatch = useDispatch();
  const balance = useCore((s) => s.session.balance);
  const equivalent = useCore((s) => s.session.equivalent);
  const accounts = useCore((s) => s.accounts.items);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current?.contains(e.target as Node) || setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);
  return (
    <div className="switcher" ref={ref}>
      <button type="button" className="balance-btn" aria-haspopup="listbox" aria-expanded={open} aria-label={t("global-components.accounts.switcher")} onClick={() => setOpen(!open)} data-testid="header-balance">
        {balance && equivalent ? (
          <span className="balance-stack">
            <Money money={balance} />
            <Equivalent money={equivalent} testId="header-equivalent" />
          </span>
        ) : balance ? (
          <Money money={balance} />
        ) : (
          <span className="muted">—</span>
        )}
        <span className="caret" aria-hidden="true">▾</span>
      </button>
      {/* A plus on the narrowest phones, where the row has no room for the word (named either way). */}
      <button
        type="button"
        className="btn btn-primary deposit-btn"
        data-testid="header-deposit"
        aria-label={t("global-components.wallet.deposit")}
        onClick={() => dispatch({ type: "openModal", id: "wallet", params: [["wallet", "deposit"]] })}
      >
        <Icon name="plus" size={20} />
        <span className="deposit-text">{t("global-components.wallet.deposit")}</span>
      </button>
      {open ? (
        <ul className="switcher-menu" role="listbox" aria-label={t("global-components.accounts.switcher")}>
          {accounts.map((a) => (
            <li key={a.id} role="option" aria-selected={a.active}>
              <button
                type="button"
                disabled={a.active || a.busy}
                onClick={() => {
                  dispatch({ type: "switchAccount", id: a.id });
                  setOpen(false);
                }}
              >
                <span className="balance-stack">
                  <Money money={a.balance} />
                  {a.equivalent ? <Equivalent money={a.equivalent} /> : null}
                </span>
                {a.active ? <span className="badge">{t("global-components.accounts.active")}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
