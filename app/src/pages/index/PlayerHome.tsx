import { useCore, useText } from "../../core/store";
import { AccountsPanel } from "../../features/wallet/AccountsPanel";
import { Money } from "../../features/wallet/Money";

/** The signed-in player's home: greeting, active balance, accounts. */
export default function PlayerHome() {
  const t = useText();
  const session = useCore((s) => s.session);
  return (
    <>
      <section className="hero hero-player">
        <h1>{t("layout.home.welcomeBack", { name: session.nickname ?? "" })}</h1>
        <p className="muted">{t("layout.home.balanceTitle")}</p>
        <p className="hero-balance">{session.balance ? <Money money={session.balance} /> : "—"}</p>
      </section>
      <AccountsPanel />
    </>
  );
}
