import { useText } from "../core/store";
import { Skeleton } from "../ui/Skeleton";

/** A modal whose feature comes later: its frame and title, the skeleton of its content. */
export default function PendingModal({ id }: { id: string }) {
  const t = useText();
  return (
    <div className="pending">
      <p className="muted">{t("modals.pending")}</p>
      <Skeleton lines={4} name={`${id}-modal`} />
    </div>
  );
}
