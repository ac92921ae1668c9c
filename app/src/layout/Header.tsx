import { useCore, useDispatch, useText } from "../core/store";
import { AccountSwitcher } from "../features/wallet/AccountSwitcher";
import { Button } from "../ui/Button";
import { Link } from "../ui/Link";

export function Header({ onMenu }: { onMenu: () => void }) {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const nickname = useCore((s) => s.session.nickname);
  return (
    <header className="header">
      <button type="button" className="icon-btn menu-btn" aria-label={t("layout.menu")} onClick={onMenu}>
        <span aria-hidden="true">☰</span>
      </button>
      <Link href="/" className="logo" aria-label={t("layout.brand")}>
        <span className="logo-mark" aria-hidden="true">C</span>
        <span className="logo-text">{t("layout.brand")}</span>
      </Link>
      <div className="header-end">
        {status === "player" ? (
          <>
            <AccountSwitcher />
            <span className="nickname" data-testid="header-nickname">
              {nickname}
            </span>
            <Button variant="ghost" onClick={() => dispatch({ type: "signOut" })}>
              {t("layout.signOut")}
            </Button>
          </>
        ) : status === "guest" ? (
          <>
            <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
              {t("layout.signIn")}
            </Button>
            <Button onClick={() => dispatch({ type: "openModal", id: "sign-up" })}>{t("layout.signUp")}</Button>
          </>
        ) : (
          <span className="muted">{t("layout.loading")}</span>
        )}
      </div>
    </header>
  );
}
