import type { ComponentType } from "react";
import { ForgotPassForm } from "./ForgotPassForm";
import { ResetEmailSend } from "./ResetEmailSend";
import { ResetPassForm } from "./ResetPassForm";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";

const bodies: Record<string, ComponentType> = {
  "sign-in": SignInForm,
  "sign-up": SignUpForm,
  "forgot-pass": ForgotPassForm,
  "reset-email-send": ResetEmailSend,
  "reset-pass": ResetPassForm,
};

/** The body of sign-in, sign-up and the password modals (the modal host draws the frame). */
export default function AuthModal({ id }: { id: string }) {
  const Body = bodies[id];
  return Body ? <Body /> : null;
}
