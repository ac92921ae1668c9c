import { AuthReturn } from "../../features/auth/SocialButtons";

/** `auth-social-connection-callback` (SPEC §2): back from the provider; the core checks the
 * state and trades the code (sign-in, or linking for a player). */
export default function AuthSocialConnectionCallbackPage() {
  return <AuthReturn title="layout.pages.auth-social-connection-callback" working="layout.social.finishing" />;
}
