import { ContentPage } from "../../features/content/ContentPage";

/** `bonus-pageIdentity` (SPEC §2): a bonus content page. */
export default function BonusPageIdentityPage() {
  return <ContentPage name="bonus-pageIdentity" />;
}
