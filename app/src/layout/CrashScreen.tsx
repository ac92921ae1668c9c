import en from "../../../core/content/en.json";
import { useCore } from "../core/store";
import { Button } from "../ui/Button";

const fallback: Record<string, string> = en;

/** Shown after a crash: the app cannot go on, a reload starts it afresh. Reads the texts
 * already in the store (the player's language), English when a key is missing. */
export function CrashScreen({ onReload = () => location.reload() }: { onReload?: () => void }) {
  const texts = useCore((s) => s.texts);
  const t = (key: string) => texts[key] ?? fallback[key] ?? key;
  return (
    <div className="crash" data-testid="crash-screen">
      <main className="crash-card" aria-labelledby="crash-title">
        <span className="crash-mark" aria-hidden="true">
          !
        </span>
        <h1 id="crash-title">{t("layout.crash.title")}</h1>
        <p>{t("layout.crash.text")}</p>
        <Button onClick={onReload} autoFocus>
          {t("layout.crash.reload")}
        </Button>
      </main>
    </div>
  );
}
