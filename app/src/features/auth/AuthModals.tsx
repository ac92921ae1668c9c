import { useCallback } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { ModalFrame } from "../../ui/ModalFrame";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";

/** The sign-in and sign-up modals, opened by the address (`?modal=`). */
export function AuthModals() {
  const t = useText();
  const dispatch = useDispatch();
  const modal = useCore((s) => s.nav.modal?.id);
  const close = useCallback(() => dispatch({ type: "closeModal" }), [dispatch]);
  if (modal === "sign-in") {
    return (
      <ModalFrame title={t("modals.signIn.title")} closeLabel={t("layout.close")} onClose={close}>
        <SignInForm />
      </ModalFrame>
    );
  }
  if (modal === "sign-up") {
    return (
      <ModalFrame title={t("modals.signUp.title")} closeLabel={t("layout.close")} onClose={close}>
        <SignUpForm />
      </ModalFrame>
    );
  }
  return null;
}
