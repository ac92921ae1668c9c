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

/** The messenger's back button stands for in-app back: it closes the open modal, else goes back
 * a page; hidden on the home page with nothing open. */
export function useBackButton(app: WebApp) {
  const dispatch = useDispatch();
  const modal = useCore((s) => !!s.nav.modal);
  const home = useCore((s) => s.nav.path === s.nav.homePath);
  const visible = modal || !home;
  useEffect(() => {
    if (!visible) {
      app.BackButton.hide();
      return;
    }
    const back = () => (modal ? dispatch({ type: "closeModal" }) : history.back());
    app.BackButton.onClick(back);
    app.BackButton.show();
    return () => app.BackButton.offClick(back);
  }, [app, dispatch, modal, visible]);
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
