import { useCore, useText } from "../core/store";
import { Skeleton } from "../ui/Skeleton";

/** A page whose feature comes in a later issue: its title and its skeleton, nothing that
 * pretends to work. */
export function PendingPage({ lines = 6 }: { lines?: number }) {
  const t = useText();
  const page = useCore((s) => s.nav.page);
  if (!page) return null;
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t(`layout.pages.${page.name}`)}</h1>
        <p className="muted">{t("layout.pending")}</p>
      </div>
      <Skeleton lines={lines} name={page.skeleton} />
    </section>
  );
}
