import { useEffect, useRef } from "react";
import { useCore, useDispatch } from "../../core/store";
import type { WebApp } from "./telegram";

/** Modals of a deposit under way: closing the app would lose what was typed or paid. */
const DEPOSIT_MODALS = new Set(["wallet", "tg-wallet", "deposit-status", "fiat", "cancel-deposit"]);

/** A deposit (its form open, or its invoice pending) or a game is in progress. */
export function useBusy(): boolean {
  return useCore((s) => {
    const modal = s.nav.modal?.id;
    const depositOpen = !!modal && DEPOSIT_MODALS.has(modal) && s.payment.direction !== "withdraw";
    const paying = s.payment.stage === "submitting" || s.payment.stage === "pending";
    return depositOpen || paying || s.nav.page?.name === "game-id";
  });
}

/** The messenger asks before closing while `busy`. */
export function useCloseConfirmation(app: WebApp, busy: boolean) {
  useEffect(() => {
    if (busy) app.enableClosingConfirmation();
    else app.disableClosingConfirmation();
  }, [app, busy]);
  useEffect(() => () => app.disableClosingConfirmation(), [app]);
}

/** The messenger's back button stands for in-app back: it closes the open modal, else returns
 * to the page visited before in this run (home when there is none); hidden on the home page with
 * nothing open. Its own list, not `history.back()`: closing a modal adds a history entry, and
 * the launch page has nothing before it. */
export function useBackButton(app: WebApp) {
  const dispatch = useDispatch();
  const modal = useCore((s) => !!s.nav.modal);
  const path = useCore((s) => s.nav.path);
  const homePath = useCore((s) => s.nav.homePath);
  const visited = useRef<string[]>([]);
  useEffect(() => {
    const v = visited.current;
    if (v[v.length - 1] === path) return;
    // Back to the page before (the player's own back): forget the one left.
    if (v[v.length - 2] === path) v.pop();
    else v.push(path);
  }, [path]);
  const visible = modal || path !== homePath;
  useEffect(() => {
    if (!visible) {
      app.BackButton.hide();
      return;
    }
    const back = () => {
      if (modal) return dispatch({ type: "closeModal" });
      const v = visited.current;
      v.pop();
      dispatch({ type: "navigate", path: v[v.length - 1] ?? homePath });
    };
    app.BackButton.onClick(back);
    app.BackButton.show();
    return () => app.BackButton.offClick(back);
  }, [app, dispatch, modal, visible, homePath]);
}

/** A haptic for each result the player waits for: a deposit's outcome (its modal or toast) and
 * any success, error or warning toast (bets, withdrawals). */
export function useHaptics(app: WebApp) {
  const toasts = useCore((s) => s.toasts);
  const modal = useCore((s) => s.nav.modal?.id);
  const seen = useRef(new Set<number>());
  useEffect(() => {
    for (const t of toasts) {
      if (seen.current.has(t.id)) continue;
      seen.current.add(t.id);
      if (t.kind === "success" || t.kind === "error" || t.kind === "warning") app.HapticFeedback?.notificationOccurred(t.kind);
    }
  }, [app, toasts]);
  useEffect(() => {
    if (modal === "deposit-success") app.HapticFeedback?.notificationOccurred("success");
    if (modal === "deposit-error") app.HapticFeedback?.notificationOccurred("error");
  }, [app, modal]);
}
