import { ContentPage } from "../../features/content/ContentPage";

/** `static-pageIdentity` (SPEC §2): terms, privacy, responsible gaming and other static pages. */
export default function StaticPageIdentityPage() {
  return <ContentPage name="static-pageIdentity" />;
}
