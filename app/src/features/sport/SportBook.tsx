import { useEffect, useRef } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { GroupRetry } from "../../shared/GroupRetry";
import { Skeleton } from "../../ui/Skeleton";
import { sdk, type WidgetRoute } from "./sdk";
import { useSportsbook } from "./useSportsbook";

/** Removes the widget from `el`; a failure is reported (SPEC §8) and the instance is gone
 * anyway (the container is emptied by React). */
export function removeFrom(el: HTMLElement, onFail: (reason: string) => void) {
  try {
    sdk()?.remove(el);
  } catch (e) {
    onFail(e instanceof Error ? e.message : String(e));
  }
}

/** The script's states as the player sees them: loading, failed with a retry, unavailable. */
export function WidgetStatus() {
  const t = useText();
  const dispatch = useDispatch();
  const sport = useCore((s) => s.sport);
  const code = useCore((s) => s.groups.sport);
  if (code === "failed") return <GroupRetry group="sport" className="sport-note" />;
  // The sport slice is built by the group's code: until it is here the slice is the first
  // view's, which knows no operator config (it would say "unavailable").
  if (code !== "ready") return <Skeleton lines={6} name="sport-slug-page" />;
  if (sport.unavailable) return <p className="sport-note">{t("layout.sport.unavailable")}</p>;
  if (sport.state === "failed") {
    return (
      <div className="sport-note" role="alert">
        <p>{t("layout.sport.failed")}</p>
        <Button variant="secondary" onClick={() => dispatch({ type: "sportRetry" })}>
          {t("layout.sport.retry")}
        </Button>
      </div>
    );
  }
  if (sport.state !== "initiated") return <Skeleton lines={6} name="sport-slug-page" />;
  return null;
}

/** The sportsbook widget on the sport page: the core says where it is; the widget says where
 * the player went. */
export function SportBook() {
  // Through a ref: the widget is moved when the core says (nav), never because a callback's
  // identity changed.
  const dispatch = useRef(useDispatch());
  dispatch.current = useDispatch();
  const sport = useSportsbook();
  const book = sport.book;
  const host = useRef<HTMLDivElement>(null);
  const route = useRef<WidgetRoute | undefined>(undefined);
  route.current = book?.route as WidgetRoute | undefined;
  const nav = book?.nav;

  // Mount, and move the widget each time the address moves it (nav); its own moves are not
  // sent back to it.
  useEffect(() => {
    const el = host.current;
    const api = sdk();
    if (!el || !api || nav === undefined || !route.current) return;
    api.addSportsBook({
      container: el,
      route: route.current,
      onNavigate: (r) => dispatch.current({ type: "sportNavigated", route: r }),
      onSignIn: () => dispatch.current({ type: "sportSignIn" }),
      onTokenExpired: () => dispatch.current({ type: "sportTokenExpired" }),
    });
  }, [nav]);

  const shown = nav !== undefined;
  useEffect(() => {
    const el = host.current;
    if (!shown || !el) return;
    return () => removeFrom(el, (reason) => dispatch.current({ type: "sportRemoveFailed", reason }));
  }, [shown]);

  return (
    <>
      <WidgetStatus />
      <div ref={host} className="sport-book" data-testid="sportsbook" hidden={!shown} />
    </>
  );
}
