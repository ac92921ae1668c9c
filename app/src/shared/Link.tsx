import type { AnchorHTMLAttributes } from "react";
import { useDispatch } from "../core/store";

/** An in-app link: the core moves the address, the page is not reloaded. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const dispatch = useDispatch();
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        dispatch({ type: "navigate", path: href });
      }}
    />
  );
}
