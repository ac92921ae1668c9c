import { ContentPage } from "../../features/content/ContentPage";

/** `welcome-package` (SPEC §2): the welcome package content page. */
export default function WelcomePackagePage() {
  return <ContentPage name="welcome-package" />;
}
