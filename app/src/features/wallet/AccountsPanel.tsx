import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Field";
import { Skeleton } from "../../ui/Skeleton";
import { useForm } from "../../shared/useForm";
import { Equivalent, Money } from "./Money";

/** Every account of the player: make one active, hide others, add a currency. `booting`: the
 * page is painted before the core knows the session (its heading first, the list after). */
export function AccountsPanel({ booting = false }: { booting?: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const accounts = useCore((s) => s.accounts);
  const f = useForm("newAccount");
  // Until the accounts are known the form waits too: the list would push it down.
  const waiting = (booting || accounts.loading) && accounts.items.length === 0;
  return (
    <section className="panel" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t("global-components.accounts.title")}</h2>
      {waiting ? <Skeleton lines={2} /> : null}
      <ul className="accounts">
        {accounts.items.map((a) => (
          <li key={a.id} className={a.active ? "account account-active" : "account"} data-testid={`account-${a.currency}`}>
            <div>
              <span className="account-code">{a.currency}</span>
              <Money money={a.balance} />
              {a.equivalent ? <Equivalent money={a.equivalent} testId={`account-equivalent-${a.currency}`} /> : null}
            </div>
            <div className="account-actions">
              {a.active ? (
                <span className="badge">{t("global-components.accounts.active")}</span>
              ) : (
                <>
                  <Button variant="secondary" busy={a.busy} onClick={() => dispatch({ type: "switchAccount", id: a.id })}>
                    {t("global-components.accounts.switch")}
                  </Button>
                  {a.canHide ? (
                    <Button variant="ghost" disabled={a.busy} onClick={() => dispatch({ type: "hideAccount", id: a.id })}>
                      {t("global-components.accounts.hide")}
                    </Button>
                  ) : null}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {accounts.items.some((a) => a.crypto) ? (
        <p>
          <button type="button" className="link-btn" data-testid="crypto-display" onClick={() => dispatch({ type: "openModal", id: "fiat" })}>
            {t("global-components.wallet.cryptoUnitsLegend")}: {t(`global-components.wallet.cryptoUnits.${accounts.subUnits ? "subUnits" : "units"}`)}
          </button>
        </p>
      ) : null}
      {!waiting && accounts.addable.length > 0 ? (
        <form
          className="add-account"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            f.submit();
          }}
        >
          <SelectField
            id="new-account-currency"
            label={t("global-components.accounts.add")}
            placeholder={t("fields-settings.currency.placeholder")}
            value={f.text("currency")}
            options={accounts.addable.map((c) => ({ value: c.code, label: c.label }))}
            error={f.view.errors.currency ?? f.view.error ?? undefined}
            onChange={(v) => f.input("currency", v)}
          />
          <Button type="submit" busy={f.view.submitting}>
            {t("global-components.accounts.addButton")}
          </Button>
        </form>
      ) : (
        <p className="muted">{t("global-components.accounts.noneLeft")}</p>
      )}
    </section>
  );
}
