import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

// One chunk for every bonus modal; loaded only when one of them opens.
const bodies: ModalBody = lazy(() => import("./BonusModals"));

/** The bonuses feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  "confirm-bonus": bodies,
  "confirm-bonus-unsettled": bodies,
  "bonus-cancel-lock": bodies,
  "bonus-details": bodies,
  "bonus-condition": bodies,
  "package-bonus": bodies,
  "wallet-bonus-info": bodies,
  "quests-hub": bodies,
  "quest-tasks": bodies,
  "quest-rewards": bodies,
  "quest-task-games": bodies,
} satisfies ModalRegistrations;
