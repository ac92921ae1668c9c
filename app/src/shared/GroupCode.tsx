import type { ReactNode } from "react";
import type { View } from "../core/types";
import { useCore } from "../core/store";
import { Skeleton } from "../ui/Skeleton";
import { GroupRetry } from "./GroupRetry";

/** What a lazily loaded group's pages and modals show around its part of the core (the
 * account's: the profile, e-mail and documents code in one chunk, docs/notes/issue-28.md
 * "Session 43"). A failed chunk: the page's retry, which fetches it again; what was typed in
 * the group's forms stays and a submit pressed meanwhile is sent once it is here. `lines`: a
 * page whose content the code loads shows a skeleton until it is here; without it (a hub, the
 * modals) the content shows at once, so a form can be typed into while the chunk arrives. */
export function GroupCode({ group, lines, children }: { group: keyof View["groups"]; lines?: number; children: ReactNode }) {
  const code = useCore((s) => s.groups[group]);
  if (code === "failed") return <GroupRetry group={group} testId={`${group}-code-failed`} />;
  if (lines !== undefined && code !== "ready") return <Skeleton lines={lines} name={`${group}-code`} />;
  return <>{children}</>;
}
