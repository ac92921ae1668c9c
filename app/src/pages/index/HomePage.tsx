import { lazy, Suspense } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Lobby } from "../../features/games/Lobby";
import { LazyCarousels } from "../../features/sport/LazyCarousels";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

// A guest's home needs none of the wallet's code: the player's part is its own chunk.
const PlayerHome = lazy(() => import("./PlayerHome"));

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
      <Suspense fallback={<Skeleton lines={4} name="index-page" />}>
        <PlayerHome />
      </Suspense>
      <Lobby />
      <LazyCarousels />
    </>
  );
}
