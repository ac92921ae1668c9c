import { Suspense, useCallback, useEffect } from "react";
import { MODAL_IDS, type ModalId } from "../core/names.gen";
import { useCore, useDispatch, useText } from "../core/store";
import { modals as authModals } from "../features/auth/registrations";
import { modals as miniappModals } from "../features/miniapp/registrations";
import { modals as gamesModals } from "../features/games/registrations";
import { modals as bonusModals } from "../features/bonuses/registrations";
import { modals as limitsModals } from "../features/limits/registrations";
import { modals as walletModals } from "../features/wallet/registrations";
import { modals as contentModals } from "../features/content/registrations";
import { modals as profileModals } from "../features/profile/registrations";
import { modals as verifyModals } from "../features/verify/registrations";
import type { ModalBody, ModalRegistrations } from "../shared/registrations";
import { ModalFrame } from "../ui/ModalFrame";
import { useDevice } from "../ui/useDevice";


/** Modal bodies by identifier, composed from each feature's `registrations.ts`; a new feature
 * adds one spread here. Ids are the core's (names.gen.ts, generated from Rust): tsc fails when
 * one has no body. */
export const modalBodies = {
  ...authModals,
  ...walletModals,
  ...miniappModals,
  ...gamesModals,
  ...bonusModals,
  ...limitsModals,
  ...contentModals,
  ...profileModals,
  ...verifyModals,
} satisfies Record<ModalId, ModalBody> satisfies ModalRegistrations;

const bodies: Record<ModalId, ModalBody> = modalBodies;
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

/** Mounted with the body: the core may open this modal again from now on. */
function Opened() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch({ type: "modalOpened" });
  }, [dispatch]);
  return null;
}
