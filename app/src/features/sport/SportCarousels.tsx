import { useEffect, useRef } from "react";
import { useDispatch } from "../../core/store";
import { sdk, type WidgetRoute } from "./sdk";
import { removeFrom, WidgetStatus } from "./SportBook";
import { useSportsbook } from "./useSportsbook";

/** The home's top-events (15) and live-now (7) carousels (SPEC §9), drawn by the widget. */
export default function SportCarousels() {
  const dispatch = useDispatch();
  const sport = useSportsbook();
  const top = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLDivElement>(null);
  const carousels = sport.carousels;

  useEffect(() => {
    dispatch({ type: "sportCarouselsWanted" });
  }, [dispatch]);

  useEffect(() => {
    const api = sdk();
    const els = [top.current, live.current];
    if (!api || !carousels || !els[0] || !els[1]) return;
    const onNavigate = (route: WidgetRoute) => dispatch({ type: "sportNavigated", route });
    api.addWidget({ container: els[0], type: "topEvents", count: carousels.topEvents, onNavigate });
    api.addWidget({ container: els[1], type: "liveNow", count: carousels.liveNow, onNavigate });
    return () => {
      for (const el of els) if (el) removeFrom(el, (reason) => dispatch({ type: "sportRemoveFailed", reason }));
    };
  }, [dispatch, carousels]);

  return (
    <div className="sport-carousels">
      {carousels ? null : <WidgetStatus />}
      <div ref={top} data-testid="top-events" />
      <div ref={live} data-testid="live-now" />
    </div>
  );
}
