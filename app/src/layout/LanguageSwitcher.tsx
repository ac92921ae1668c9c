import { useCore, useDispatch, useText } from "../core/store";
import { Icon } from "../ui/Icon";

/** The languages of the site; choosing one shows the same page in it. */
export function LanguageSwitcher({ id }: { id: string }) {
  const t = useText();
  const dispatch = useDispatch();
  const locales = useCore((s) => s.nav.locales);
  const current = locales.find((l) => l.active)?.code ?? "";
  if (locales.length < 2) return null;
  return (
    <div className="lang">
      <label htmlFor={id} className="sr-only">
        {t("layout.language")}
      </label>
      <span className="lang-icon">
        <Icon name="globe" size={18} />
      </span>
      <select id={id} className="lang-select" value={current} onChange={(e) => dispatch({ type: "setLocale", code: e.target.value })}>
        {locales.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
