import { lazy, Suspense, useCallback, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { useCore, useDispatch, useText } from "../core/store";
import { ModalFrame } from "../ui/ModalFrame";
import { Skeleton } from "../ui/Skeleton";
import { useDevice } from "../ui/useDevice";

type Body = LazyExoticComponent<ComponentType<{ id: string }>>;

const auth: Body = lazy(() => import("../features/auth/AuthModal"));
const pending: Body = lazy(() => import("./PendingModal"));

/** Modal bodies by identifier; features of later issues plug in here. */
const bodies: Record<string, Body> = {
  "sign-in": auth,
  "sign-up": auth,
  "forgot-pass": auth,
  "reset-email-send": auth,
  "reset-pass": auth,
};

/** The one open modal (the core keeps it one at a time and checks access): its frame at once,
 * its body when its code has loaded. */
export function ModalHost() {
  const t = useText();
  const dispatch = useDispatch();
  const { mobile } = useDevice();
  const id = useCore((s) => s.nav.modal?.id);
  const close = useCallback(() => dispatch({ type: "closeModal" }), [dispatch]);
  if (!id) return null;
  const Body = bodies[id] ?? pending;
  return (
    <ModalFrame key={id} title={t(`modals.${id}.title`)} closeLabel={t("layout.close")} onClose={close} swipe={mobile}>
      <Suspense fallback={<Skeleton lines={3} />}>
        <Body id={id} />
        <Opened />
      </Suspense>
    </ModalFrame>
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
