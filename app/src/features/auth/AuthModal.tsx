import type { ComponentType } from "react";
import type { ModalId } from "../../core/names.gen";
import { GroupCode } from "../../shared/GroupCode";
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
  // The phone's code is the identity group's chunk: the number can be typed while it arrives;
  // a failed one shows its retry.
  "get-code": () => (
    <GroupCode group="identity">
      <PhoneNumberForm forProfile={false} />
    </GroupCode>
  ),
  phone: () => (
    <GroupCode group="identity">
      <PhoneNumberForm forProfile />
    </GroupCode>
  ),
  "code-verify": () => (
    <GroupCode group="identity">
      <CodeVerifyForm />
    </GroupCode>
  ),
};

/** The body of sign-in, sign-up, the password and the phone modals (the modal host draws the frame). */
export default function AuthModal({ id }: { id: ModalId }) {
  const Body = bodies[id];
  return Body ? <Body /> : null;
}
