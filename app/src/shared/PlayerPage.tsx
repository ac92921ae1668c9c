import type { ReactNode } from "react";
import { useCore, useDispatch, useText } from "../core/store";
import { Button } from "../ui/Button";
import { Skeleton } from "../ui/Skeleton";

/**
 * The frame of a page only a player uses (`route` names its title, `layout.pages.{route}`):
 * a skeleton while the session is restored, a sign-in prompt for a guest, else the page.
 */
export function PlayerPage({ route, intro, lines = 5, children }: { route: string; intro?: string; lines?: number; children: ReactNode }) {
  const t = useText();
  const dispatch = useDispatch();
  const status = useCore((s) => s.session.status);
  const title = t(`layout.pages.${route}`);
  if (status === "booting") return <Skeleton lines={lines} name={`${route}-page`} />;
  if (status === "guest") {
    return (
      <section className="hero">
        <h1>{title}</h1>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("layout.signIn")}</Button>
      </section>
    );
  }
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}
