import { lazy } from "react";
import type { ModalBody, ModalRegistrations } from "../../shared/registrations";

const games: ModalBody = lazy(() => import("./GamesModals"));

/** The games feature's modal bodies; the modal host composes every feature's. */
export const modals = {
  "global-search": games,
  "games-filter": games,
  "demo-game": games,
  "demo-unavailable": games,
  "mobile-game": games,
  categories: games,
} satisfies ModalRegistrations;
