import type { ComponentType, LazyExoticComponent } from "react";
import type { ModalId } from "../core/names.gen";

/** A modal's body, loaded on demand; the modal host draws the frame around it. */
export type ModalBody = LazyExoticComponent<ComponentType<{ id: ModalId }>>;

/** The modal bodies a feature provides, by the core's modal ids (names.gen.ts). */
export type ModalRegistrations = Partial<Record<ModalId, ModalBody>>;

/** Loads a route's page component (its own chunk). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

