import { ContentPage } from "../../features/content/ContentPage";

/** `slug` (SPEC §2): the catch-all resolves a content page by its slug, else the error page. */
export default function SlugPage() {
  return <ContentPage name="slug" />;
}
