import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

const verifyModals: ModalBody = lazy(() => import("./VerifyModals"));

/** The e-mail confirmation and avatar modal bodies; the modal host composes every feature's. */
export const modals = {
  email: verifyModals,
  "confirm-email": verifyModals,
  confirm: verifyModals,
  avatars: verifyModals,
} satisfies ModalRegistrations;
