import { useCore, useDispatch, useText } from "../../core/store";
import { AccountsPanel } from "../../features/wallet/AccountsPanel";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";

export default function WalletPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.wallet")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.wallet")}</h1>
        <p className="page-intro">{t("global-components.wallet.intro")}</p>
        <div className="pay-actions">
          <Button onClick={() => dispatch({ type: "openModal", id: "wallet", params: [["wallet", "deposit"]] })}>
            {t("global-components.wallet.deposit")}
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "wallet", params: [["wallet", "withdraw"]] })}>
            {t("global-components.wallet.withdraw")}
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "wallet-bonus-info" })} data-testid="wallet-bonus-info-open">
            {t("global-components.bonuses.walletInfo")}
          </Button>
          <Link to="wallet-history">{t("global-components.wallet.historyLink")}</Link>
        </div>
      </div>
      {/* A returning player's page is painted before the core (store.ts firstPaintView): the
          title, actions and the accounts' heading first (a press waits for the core), the
          accounts once it knows them. */}
      <AccountsPanel booting={status === "booting"} />
    </section>
  );
}
