import { Suspense, useCallback } from "react";
import { MODAL_IDS, type ModalId } from "../core/names.gen";
import { useCore, useDispatch, useText } from "../core/store";
import type { ModalBody, ModalRegistrations } from "../shared/registrations";
import { ModalFrame } from "../ui/ModalFrame";
import { useCommittedEffect } from "../ui/useCommittedEffect";
import { useDevice } from "../ui/useDevice";


/** Each feature's `registrations.ts` (its modal bodies under `modals`), found by its folder: a
 * new feature edits no shared file. Eager: these modules only name lazy bodies. */
export const featureModals = import.meta.glob<ModalRegistrations>("../features/*/registrations.ts", {
  eager: true,
  import: "modals",
});

/** Modal bodies by identifier, composed from every feature's registrations. Ids are the core's
 * (names.gen.ts, generated from Rust): registry.test.ts fails when one has no body, when two
 * features register the same id, or when a body names no id of the core. */
export const modalBodies: ModalRegistrations = Object.assign({}, ...Object.values(featureModals).filter(Boolean));

const bodies = modalBodies as Record<ModalId, ModalBody>;
const isModalId = (id: string): id is ModalId => (MODAL_IDS as readonly string[]).includes(id);

/** The one open modal (the core keeps it one at a time and checks access). Frame and body
 * appear together once the body's code has loaded: a frame that grew when its body arrived
 * moved on screen (a bottom sheet on a phone grows upwards), a layout shift the player sees. */
export function ModalHost() {
  const t = useText();
  const dispatch = useDispatch();
  const { mobile } = useDevice();
  const id = useCore((s) => s.nav.modal?.id);
  const close = useCallback(() => dispatch({ type: "closeModal" }), [dispatch]);
  if (!id) return null;
  // The address writes the Telegram wallet as `tg-wallet`; its body is `wallet-telegram-app`'s.
  const bodyId = id === "tg-wallet" ? "wallet-telegram-app" : id;
  // The core opens only its own ids; anything else has no frame.
  if (!isModalId(bodyId)) return null;
  const Body = bodies[bodyId];
  return (
    <Suspense fallback={null}>
      <ModalFrame key={id} title={t(`modals.${id}.title`)} closeLabel={t("layout.close")} onClose={close} swipe={mobile}>
        <Body id={bodyId} />
        <Opened />
      </ModalFrame>
    </Suspense>
  );
}

/** Mounted with the body: the core may open this modal again from now on. Reported before the
 * paint that shows the body, and only by a mount that stands (useCommittedEffect: Preact's
 * Suspense mounts a loading body's siblings and unmounts them at once). */
function Opened() {
  const dispatch = useDispatch();
  useCommittedEffect(() => {
    dispatch({ type: "modalOpened" });
  }, [dispatch]);
  return null;
}
