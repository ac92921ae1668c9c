import { useCore, useDispatch, useText } from "../core/store";
import { Icon, iconFor } from "../ui/Icon";
import { Link } from "../shared/Link";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { InstallMenuEntry } from "./install/InstallMenuEntry";

/** Side navigation: on desktop always there, compact (icons only) at the player's choice; on
 * mobile a panel that slides over the page from the menu button. */
export function Drawer({ mobile }: { mobile: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const links = useCore((s) => s.nav.links);
  const open = useCore((s) => s.nav.drawerOpen);
  const compact = useCore((s) => s.nav.drawerCompact) && !mobile;
  const hidden = mobile && !open;
  return (
    <>
      {mobile && open ? <div className="drawer-scrim" onClick={() => dispatch({ type: "closeDrawer" })} aria-hidden="true" /> : null}
      <nav
        id="drawer"
        className={`drawer${open ? " drawer-open" : ""}${compact ? " drawer-compact" : ""}`}
        aria-label={t("layout.menu")}
        aria-hidden={hidden || undefined}
        inert={hidden || undefined}
      >
        {!mobile ? (
          <button
            type="button"
            className="drawer-toggle"
            aria-label={t(compact ? "layout.drawer.expand" : "layout.drawer.collapse")}
            title={t(compact ? "layout.drawer.expand" : "layout.drawer.collapse")}
            onClick={() => dispatch({ type: "setDrawerCompact", compact: !compact })}
          >
            <Icon name={compact ? "expand" : "collapse"} size={18} />
          </button>
        ) : null}
        <ul>
          {links.map((l) => (
            <li key={l.id}>
              <Link href={l.href} className={l.active ? "active" : undefined} aria-current={l.active ? "page" : undefined} title={compact ? t(l.label) : undefined} data-link={l.id}>
                <span className="nav-icon">
                  <Icon name={iconFor(l.id)} />
                </span>
                <span className="nav-label">{t(l.label)}</span>
              </Link>
            </li>
          ))}
          <InstallMenuEntry compact={compact} />
        </ul>
        {mobile ? (
          <div className="drawer-foot">
            <LanguageSwitcher id="lang-drawer" />
          </div>
        ) : null}
      </nav>
    </>
  );
}
