import { useCore, useText } from "../core/store";
import { Icon } from "../ui/Icon";
import { Link } from "../ui/Link";
import { sections } from "./nav";

/** Side navigation: always shown on desktop, slides over the page on mobile. */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useText();
  const path = useCore((s) => s.nav.path);
  return (
    <>
      {open ? <div className="drawer-scrim" onClick={onClose} aria-hidden="true" /> : null}
      <nav className={`drawer${open ? " drawer-open" : ""}`} aria-label={t("layout.menu")}>
        <ul>
          {sections.map((s) => (
            <li key={s.href}>
              <Link href={s.href} className={path === s.href ? "active" : undefined} aria-current={path === s.href ? "page" : undefined} onClick={onClose}>
                <span className="nav-icon">
                  <Icon name={s.icon} />
                </span>
                {t(s.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
