import { useEffect, useRef } from "react";
import { useCore, useDispatch } from "../../core/store";
import { useColorScheme } from "../../ui/useColorScheme";
import { useDevice } from "../../ui/useDevice";
import { loadScript, sdk } from "./sdk";

/**
 * Drives the provider SDK from the `sport` slice: loads the script when the core asks for it
 * (sport pages, home carousels in view), calls `init`, keeps `set` in step with the token,
 * culture and theme, and tells the core about the device, the theme and the tab coming back.
 * Mount it once per widget host.
 */
export function useSportsbook() {
  const dispatch = useDispatch();
  const sport = useCore((s) => s.sport);
  const { mobile } = useDevice();
  // The widget follows the page's scheme: dark on the site, the messenger's in the mini-app.
  const theme = useColorScheme();
  const initiated = sport.state === "initiated";

  useEffect(() => {
    dispatch({ type: "sportEnv", mobile, theme });
  }, [dispatch, mobile, theme]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") dispatch({ type: "sportVisible" });
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [dispatch]);

  // init reads these once; later changes go through set().
  const options = useRef(sport);
  options.current = sport;
  useEffect(() => {
    if (!sport.script || sport.state !== "loading") return;
    let live = true;
    loadScript(sport.script, sport.attempt)
      .then(async () => {
        if (!live) return;
        const o = options.current;
        const api = sdk();
        if (!api) throw new Error("no SDK");
        if (useCore.getState().sport.state !== "initiated") {
          await api.init({
            integration: o.integration,
            culture: o.culture,
            theme: o.theme,
            token: o.token,
            numberFormat: { decimal: o.decimal },
          });
        }
        dispatch({ type: "sportWidgetReady" });
      })
      .catch((e: unknown) => {
        if (live) dispatch({ type: "sportScriptFailed", reason: String(e instanceof Error ? e.message : e) });
      });
    return () => {
      live = false;
    };
  }, [dispatch, sport.script, sport.state, sport.attempt]);

  useEffect(() => {
    if (!initiated) return;
    sdk()?.set({ token: sport.token, culture: sport.culture, theme: sport.theme });
  }, [initiated, sport.token, sport.culture, sport.theme]);

  return sport;
}
