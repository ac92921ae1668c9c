import { useCore, useText } from "../core/store";

/** Full-screen loader until the first page is ready; the core fades it (`hiding`) and removes
 * it (SPEC §9: 1 s after the page, 500 ms fade). */
export function Preloader() {
  const t = useText();
  const phase = useCore((s) => s.nav.preloader);
  if (phase === "removed") return null;
  return (
    <div className={`preloader${phase === "hiding" ? " preloader-hiding" : ""}`} data-testid="preloader" data-phase={phase} role="status">
      <span className="preloader-mark" aria-hidden="true">
        C
      </span>
      <span className="sr-only">{t("layout.loading")}</span>
    </div>
  );
}
