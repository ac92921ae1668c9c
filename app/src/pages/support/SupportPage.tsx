import { SupportScreen } from "../../features/content/Support";

/** `support` (SPEC §2): support with its contacts. */
export default function SupportPage() {
  return <SupportScreen />;
}
