import { PendingPage } from "../PendingPage";

/** `contact` (SPEC §2): the feature comes in a later issue. */
export default function ContactPage() {
  return <PendingPage />;
}
