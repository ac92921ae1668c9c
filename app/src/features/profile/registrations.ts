import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

const securityModals: ModalBody = lazy(() => import("./SecurityModals"));

/** The profile feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  "change-pass": securityModals,
  "change-nickname": securityModals,
  "confirm-session-logout": securityModals,
} satisfies ModalRegistrations;
