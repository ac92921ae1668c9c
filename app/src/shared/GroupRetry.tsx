import type { View } from "../core/types";
import { useCore, useText } from "../core/store";
import { Button } from "../ui/Button";

type Props = {
  /** The lazily loaded group of the core (`groups` in the view). */
  group: keyof View["groups"];
  /** The box's class: a page's panel by default, or the feature's own note. */
  className?: string;
  testId?: string;
};

/**
 * A lazily loaded part of the core that did not arrive (a failed chunk): say so and fetch it
 * again. What the player typed stays in the core, and a submit pressed meanwhile is sent once
 * the code is here. Nothing while the group loads or is ready.
 */
export function GroupRetry({ group, className = "panel", testId }: Props) {
  const t = useText();
  const failed = useCore((s) => s.groups[group] === "failed");
  const load = useCore((s) => s.load);
  if (!failed) return null;
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{t("layout.groups.failed")}</p>
      <Button variant="secondary" onClick={() => load(group)}>
        {t("layout.groups.retry")}
      </Button>
    </div>
  );
}
