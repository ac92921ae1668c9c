import { lazy, Suspense } from "react";
import { useCore, useDispatch, useText } from "../core/store";
import { Button } from "../ui/Button";
import { Avatar } from "../ui/Avatar";
import { Icon } from "../ui/Icon";
import { Link } from "../shared/Link";
import { LanguageSwitcher } from "./LanguageSwitcher";

// A guest never needs the wallet code: it loads with the player's header only.
const AccountSwitcher = lazy(() => import("../features/wallet/AccountSwitcher"));
const Bell = lazy(() => import("../features/notifications/Bell"));

export function Header({ mobile = false }: { mobile?: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const nickname = useCore((s) => s.session.nickname);
  const avatar = useCore((s) => s.session.avatar);
  const home = useCore((s) => s.nav.homePath);
  const drawerOpen = useCore((s) => s.nav.drawerOpen);
  // In the messenger the player is who the messenger says: no sign-out, no guest buttons while
  // its sign-in runs.
  const miniapp = useCore((s) => s.miniapp);
  return (
    <header className="header">
      <button type="button" className="icon-btn menu-btn" aria-label={t("layout.menu")} aria-controls="drawer" aria-expanded={drawerOpen} onClick={() => dispatch({ type: "toggleDrawer" })}>
        <Icon name="menu" size={22} />
      </button>
      <Link href={home} className="logo" aria-label={t("layout.brand")}>
        <span className="logo-mark" aria-hidden="true">
          C
        </span>
        <span className="logo-text">{t("layout.brand")}</span>
      </Link>
      <div className="header-end">
        {/* A player's phone header holds the balance, deposit, bell and sign-out: search stays
            in the lobby's own field there (with it the row covered the logo at 390 px). */}
        {mobile && status === "player" ? null : (
          <button type="button" className="icon-btn" aria-label={t("modals.global-search.title")} data-testid="header-search" onClick={() => dispatch({ type: "openModal", id: "global-search" })}>
            <Icon name="search" size={20} />
          </button>
        )}
        {!mobile ? <LanguageSwitcher id="lang-header" /> : null}
        {status === "player" ? (
          <>
            {/* One boundary: the balance and the bell arrive together, the header's end grows
                once (two boundaries revealed as each chunk came: two shifts on preact/compat). */}
            <Suspense fallback={<span className="balance-btn balance-placeholder" aria-hidden="true" />}>
              <AccountSwitcher />
              <Bell />
            </Suspense>
            {/* The account: the avatar (or the name's initial) and the name, to the profile. */}
            <Link to="profile-info" className="account-link" aria-label={nickname ?? undefined} data-testid="header-account">
              <Avatar src={avatar} name={nickname ?? ""} size={mobile ? 28 : 32} />
              <span className="nickname" data-testid="header-nickname">
                {nickname}
              </span>
            </Link>
            {miniapp.active ? null : (
              // An icon on phones, where the header has no room for the word (named either way).
              <Button variant="ghost" className="sign-out-btn" aria-label={t("layout.signOut")} onClick={() => dispatch({ type: "signOut" })}>
                <Icon name="sign-out" size={20} />
                <span className="sign-out-text">{t("layout.signOut")}</span>
              </Button>
            )}
          </>
        ) : status === "guest" && !miniapp.loggingIn ? (
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
