import { AuthReturn } from "../../features/auth/SocialButtons";

/** `auth-autologin` (SPEC §2): the core trades the address's one-time token for a session. */
export default function AuthAutologinPage() {
  return <AuthReturn title="layout.pages.auth-autologin" working="layout.autologin.working" />;
}
