import { useCore, useText } from "../core/store";
import { Icon, iconFor } from "../ui/Icon";
import { Link } from "../shared/Link";

/** Mobile tab bar (≤ 528 px): the links the core marks for it. */
export function BottomNav() {
  const t = useText();
  const links = useCore((s) => s.nav.links);
  return (
    <nav className="bottom-nav" aria-label={t("layout.menu")}>
      {links
        .filter((l) => l.bottom)
        .map((l) => (
          <Link key={l.id} href={l.href} className={l.active ? "active" : undefined} aria-current={l.active ? "page" : undefined}>
            <span className="nav-icon">
              <Icon name={iconFor(l.id)} size={22} />
            </span>
            <span>{t(l.label)}</span>
          </Link>
        ))}
    </nav>
  );
}
