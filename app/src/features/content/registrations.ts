import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

// One chunk for the content feature's modals; loaded only when one of them opens.
const bodies: ModalBody = lazy(() => import("./ContentModals"));

/** Consent, geo, referral transfer and affiliate program modals (issue 16). */
export const modals = {
  "cookie-request": bodies,
  "geo-popup": bodies,
  "referral-transfer": bodies,
  "affiliate-program": bodies,
} satisfies ModalRegistrations;
