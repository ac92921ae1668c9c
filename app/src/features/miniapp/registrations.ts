import { lazy } from "react";
import type { ModalBody } from "../../shared/registrations";

const tgModals: ModalBody = lazy(() => import("./TgModals"));

/** The mini-app's modal bodies (the modal host composes every feature's). `tg-wallet` in the
 * address is `wallet-telegram-app`. */
export const modals = {
  "wallet-telegram-app": tgModals,
  "tg-news": tgModals,
};
