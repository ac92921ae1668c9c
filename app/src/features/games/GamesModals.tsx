import { useState, type FormEvent } from "react";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { Link } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { SearchPanel } from "./SearchPanel";

/** The games modals: global-search, games-filter, demo-game, demo-unavailable, mobile-game. */
export default function GamesModals({ id }: { id: ModalId }) {
  switch (id) {
    case "global-search":
      return <SearchPanel autoFocus />;
    case "games-filter":
      return <FilterForm />;
    case "demo-game":
      return <DemoGame />;
    case "demo-unavailable":
      return <Notice text="modals.demo-unavailable.text" signIn />;
    case "mobile-game":
      return <Notice text="modals.mobile-game.text" />;
    case "categories":
      return <Categories />;
    default:
      return null;
  }
}

/** Every category of the visitor's lobby, and the providers. */
function Categories() {
  const t = useText();
  const lobby = useCore((s) => s.gamesLobby);
  return (
    <nav className="chips" aria-label={t("global-components.games.categories")}>
      {lobby.categories.map((c) => (
        <Link key={c.identity} href={c.href} className="chip">
          {c.name}
        </Link>
      ))}
      <Link href={lobby.providersHref} className="chip">
        {t("global-components.games.providers.title")}
      </Link>
    </nav>
  );
}

function DemoGame() {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <div className="modal-stack">
      <p>{t("modals.demo-game.text")}</p>
      <Button onClick={() => dispatch({ type: "gamesPlay", demo: true })} data-testid="play-demo">
        {t("global-components.games.playDemo")}
      </Button>
      <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
        {t("global-components.games.signInToPlay")}
      </Button>
    </div>
  );
}

function Notice({ text, signIn = false }: { text: string; signIn?: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const player = useCore((s) => s.session.status === "player");
  return (
    <div className="modal-stack">
      <p>{t(text)}</p>
      {signIn && !player ? (
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{t("global-components.games.signInToPlay")}</Button>
      ) : (
        <Button variant="secondary" onClick={() => dispatch({ type: "closeModal" })}>
          {t("layout.close")}
        </Button>
      )}
    </div>
  );
}

type Sort = "popular" | "new" | "name";

/** Providers, features and sort; applying puts them in the address (a shared link shows the
 * same list). */
function FilterForm() {
  const t = useText();
  const dispatch = useDispatch();
  const lobby = useCore((s) => s.gamesLobby);
  const [providers, setProviders] = useState<string[]>(lobby.filter.providers);
  const [features, setFeatures] = useState<number[]>(lobby.filter.features);
  const [sort, setSort] = useState<Sort>(lobby.filter.sort);
  const [find, setFind] = useState("");
  const toggle = <T,>(list: T[], x: T) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: "gamesFilter", providers, features, sort });
    dispatch({ type: "closeModal" });
  };
  const needle = find.trim().toLowerCase();
  return (
    <form className="filter-form" onSubmit={submit} data-testid="games-filter">
      <fieldset>
        <legend>{t("global-components.games.filter.sort")}</legend>
        <div className="chips">
          {(["popular", "new", "name"] as const).map((s) => (
            <label key={s} className={`chip${sort === s ? " on" : ""}`}>
              <input type="radio" name="sort" value={s} checked={sort === s} onChange={() => setSort(s)} className="sr-only" />
              {t(`global-components.games.sort.${s}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("global-components.games.filter.features")}</legend>
        <div className="chips">
          {lobby.features.map((f) => (
            <label key={f.id} className={`chip${features.includes(f.id) ? " on" : ""}`}>
              <input type="checkbox" checked={features.includes(f.id)} onChange={() => setFeatures(toggle(features, f.id))} className="sr-only" />
              {f.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("global-components.games.filter.providers")}</legend>
        <input
          type="search"
          className="search-input"
          aria-label={t("global-components.games.filter.findProvider")}
          placeholder={t("global-components.games.filter.findProvider")}
          value={find}
          onChange={(e) => setFind(e.target.value)}
        />
        <div className="filter-providers">
          {lobby.providers
            .filter((p) => providers.includes(p.identity) || p.name.toLowerCase().includes(needle))
            .map((p) => (
              <label key={p.identity} className="check-row">
                <input type="checkbox" checked={providers.includes(p.identity)} onChange={() => setProviders(toggle(providers, p.identity))} />
                {p.name}
              </label>
            ))}
        </div>
      </fieldset>
      <div className="filter-actions">
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setProviders([]);
            setFeatures([]);
            setSort("popular");
          }}
        >
          {t("global-components.games.filter.reset")}
        </Button>
        <Button type="submit" data-testid="apply-filter">
          {t("global-components.games.filter.apply")}
        </Button>
      </div>
    </form>
  );
}
