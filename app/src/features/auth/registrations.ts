import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

// One chunk for the sign-in, sign-up and password modals: they lead into one another.
const auth: ModalBody = lazy(() => import("./AuthModal"));

/** The auth feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  "sign-in": auth,
  "sign-up": auth,
  "forgot-pass": auth,
  "reset-email-send": auth,
  "reset-pass": auth,
  "get-code": auth,
  "code-verify": auth,
  phone: auth,
} satisfies ModalRegistrations;
