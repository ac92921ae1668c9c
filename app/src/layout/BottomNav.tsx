import { useCore, useText } from "../core/store";
import { Icon } from "../ui/Icon";
import { Link } from "../ui/Link";
import { sections } from "./nav";

/** Mobile tab bar (≤ 528 px). */
export function BottomNav() {
  const t = useText();
  const path = useCore((s) => s.nav.path);
  return (
    <nav className="bottom-nav" aria-label={t("layout.menu")}>
      {sections.slice(0, 5).map((s) => (
        <Link key={s.href} href={s.href} className={path === s.href ? "active" : undefined} aria-current={path === s.href ? "page" : undefined}>
          <span className="nav-icon">
            <Icon name={s.icon} size={22} />
          </span>
          <span>{t(s.key)}</span>
        </Link>
      ))}
    </nav>
  );
}
