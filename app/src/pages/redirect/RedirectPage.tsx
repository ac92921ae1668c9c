import { Redirect } from "../../features/content/Redirect";

/** `redirect` (SPEC §2, empty layout): follows or offers the `url` it is given. */
export default function RedirectPage() {
  return <Redirect />;
}
