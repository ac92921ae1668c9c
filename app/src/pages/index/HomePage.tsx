import { useCore, useDispatch, useText } from "../../core/store";
import { AccountsPanel } from "../../features/wallet/AccountsPanel";
import { Money } from "../../features/wallet/Money";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

export default function HomePage() {
  const t = useText();
  const dispatch = useDispatch();
  const session = useCore((s) => s.session);
  if (session.status === "booting") return <Skeleton lines={4} name="index-page" />;
  if (session.status === "guest") {
    return (
      <section className="hero">
        <h1>{t("layout.home.title")}</h1>
        <p>{t("layout.home.subtitle")}</p>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-up" })}>{t("layout.home.cta")}</Button>
      </section>
    );
  }
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
