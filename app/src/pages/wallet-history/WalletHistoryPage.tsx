import { PendingPage } from "../PendingPage";

/** `wallet-history` (SPEC §2): the feature comes in a later issue. */
export default function WalletHistoryPage() {
  return <PendingPage />;
}
