import type { ComponentType } from "react";
import type { ModalId } from "../../core/names.gen";
import { ForgotPassForm } from "./ForgotPassForm";
import { CodeVerifyForm, PhoneNumberForm } from "./PhoneForms";
import { ResetEmailSend } from "./ResetEmailSend";
import { ResetPassForm } from "./ResetPassForm";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";

const bodies: Partial<Record<ModalId, ComponentType>> = {
  "sign-in": SignInForm,
  "sign-up": SignUpForm,
  "forgot-pass": ForgotPassForm,
  "reset-email-send": ResetEmailSend,
  "reset-pass": ResetPassForm,
  "get-code": () => <PhoneNumberForm forProfile={false} />,
  phone: () => <PhoneNumberForm forProfile />,
  "code-verify": CodeVerifyForm,
};

/** The body of sign-in, sign-up, the password and the phone modals (the modal host draws the frame). */
export default function AuthModal({ id }: { id: ModalId }) {
  const Body = bodies[id];
  return Body ? <Body /> : null;
}
