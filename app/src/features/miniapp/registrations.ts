import { lazy } from "react";
import type { ModalBody } from "../../shared/registrations";

/** The mini-app's modal bodies (the modal host composes every feature's): the channel news.
 * The Telegram wallet (`tg-wallet`, i.e. `wallet-telegram-app`) is the wallet feature's. */
export const modals = {
  "tg-news": lazy(() => import("./TgNews")) as ModalBody,
};
