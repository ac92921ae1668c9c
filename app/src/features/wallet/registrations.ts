import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

// One chunk for the wallet modal and the deposit modals it leads to; a guest's home never
// loads it (the modal host asks for it only when one of these opens).
const payments: ModalBody = lazy(() => import("./PaymentModals"));

/** The payments feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  wallet: payments,
  // In the messenger mini-app `wallet` opens this one (SPEC §2): the same wallet.
  "wallet-telegram-app": payments,
  "deposit-status": payments,
  "deposit-success": payments,
  "deposit-error": payments,
  "cancel-deposit": payments,
  fiat: payments,
} satisfies ModalRegistrations;
