import { useEffect, useState, type ComponentType } from "react";
import { reportCrash } from "../../core/crash";
import { useCore, useDispatch, useText } from "../../core/store";
import { Lobby } from "../../features/games/Lobby";
import { LazyCarousels } from "../../features/sport/LazyCarousels";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

// A guest's home needs none of the wallet's code: the player's part is its own chunk, imported
// once a player's home is drawn. Not through lazy/Suspense: on preact/compat the boundary's
// fallback stayed up now and then (the e2e "a player's home fits a phone" found the chunk
// never drawn in 2 of 4 runs), while a plain import always lands.
function usePlayerHome(): ComponentType | undefined {
  const [home, setHome] = useState<ComponentType>();
  useEffect(() => {
    let live = true;
    import("./PlayerHome")
      .then((m) => live && setHome(() => m.default))
      .catch((error: unknown) => reportCrash(error, "load"));
    return () => {
      live = false;
    };
  }, []);
  return home;
}

function PlayerPart() {
  const PlayerHome = usePlayerHome();
  return PlayerHome ? <PlayerHome /> : <Skeleton lines={4} name="index-page" />;
}

export default function HomePage() {
  const t = useText();
  const dispatch = useDispatch();
  const session = useCore((s) => s.session);
  if (session.status === "booting") return <Skeleton lines={4} name="index-page" />;
  if (session.status === "guest") {
    return (
      <>
        <section className="hero hero-home">
          {/* The artwork is part of the prerendered hero (its largest paint), asked for first. */}
          <img className="hero-art" src="/images/hero.svg" alt="" fetchPriority="high" draggable={false} />
          <h1>{t("layout.home.title")}</h1>
          <p>{t("layout.home.subtitle")}</p>
          <Button onClick={() => dispatch({ type: "openModal", id: "sign-up" })}>{t("layout.home.cta")}</Button>
        </section>
        <Lobby />
        <LazyCarousels />
      </>
    );
  }
  return (
    <>
      <PlayerPart />
      <Lobby />
      <LazyCarousels />
    </>
  );
}
