import { useCore, useDispatch, useText } from "../../core/store";
import { BonusHistory } from "../../features/bonuses/BonusHistory";
import { GameHistory, HistoryTabs } from "../../features/games/GameHistory";
import { History } from "../../features/wallet/History";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** `wallet-history` (SPEC §2): the player's transactions, bets, bonuses and spins. */
export default function WalletHistoryPage() {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const gameTab = useCore((s) => s.gamesHistory.tab);
  const transactions = useCore((s) => s.gamesHistory.transactionsHref);
  if (status === "booting") return <Skeleton lines={5} name="wallet-history-page" />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.pages.wallet-history")}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t("layout.pages.wallet-history")}</h1>
        <Link to="wallet">{t("layout.pages.wallet")}</Link>
      </div>
      <HistoryTabs transactionsHref={transactions} />
      {gameTab === "bonuses" ? <BonusHistory /> : gameTab ? <GameHistory /> : <History />}
    </section>
  );
}
