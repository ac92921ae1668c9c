import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

// One chunk for the four limit modals; only the limits page leads to them.
const limitModals: ModalBody = lazy(() => import("./LimitModals"));

/** The limits feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  "add-limit": limitModals,
  "edit-limit": limitModals,
  "confirm-limit-update": limitModals,
  "confirm-delete-limit": limitModals,
  "game-limit-reached": limitModals,
} satisfies ModalRegistrations;
