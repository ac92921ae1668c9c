import { useCore } from "../../core/store";
import { Skeleton } from "../../ui/Skeleton";

/** Sections whose features land in later issues show their page skeleton only. */
export default function SectionPage() {
  const path = useCore((s) => s.nav.path);
  const name = path.split("/").filter(Boolean)[0] ?? "index";
  return <Skeleton lines={6} name={`${name}-page`} />;
}
