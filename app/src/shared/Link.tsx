import type { AnchorHTMLAttributes } from "react";
import type { RouteName } from "../core/names.gen";
import { useCore, useDispatch } from "../core/store";

/** The path of a route without parameters in the page's locale, as the core builds it
 * (`wallet-history` is `/pt-br/wallet/history` on a Portuguese page). */
export function usePath(name: RouteName): string {
  return useCore((s) => s.nav.paths[name] ?? s.nav.homePath);
}

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & ({ href: string; to?: never } | { to: RouteName; href?: never });

/** An in-app link: the core moves the address, the page is not reloaded. `to` names a route
 * (its localised path comes from the core); `href` is a path the core already gave. */
export function Link({ href, to, onClick, ...rest }: Props) {
  const dispatch = useDispatch();
  const routePath = useCore((s) => (to ? (s.nav.paths[to] ?? s.nav.homePath) : undefined));
  const path = routePath ?? href ?? "/";
  return (
    <a
      {...rest}
      href={path}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        dispatch({ type: "navigate", path });
      }}
    />
  );
}
