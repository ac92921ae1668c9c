import { useCore, useText } from "../core/store";
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
          <span className="nav-icon" aria-hidden="true">
            {s.icon}
          </span>
          <span>{t(s.key)}</span>
        </Link>
      ))}
    </nav>
  );
}
