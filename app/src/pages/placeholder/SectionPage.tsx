import { useCore } from "../../core/store";
import { Skeleton } from "../../ui/Skeleton";

/** Sections whose features land in later issues show their page skeleton only. */
export default function SectionPage() {
  const skeleton = useCore((s) => s.nav.page?.skeleton);
  return <Skeleton lines={6} name={skeleton} />;
}
