import type { ReactNode } from "react";
import { useCore, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** What the account's pages and modals show around the account group's part of the core (the
 * profile, e-mail and documents code: one chunk, docs/notes/issue-28.md "Session 43"). A
 * failed chunk: the page's retry, which fetches it again; what was typed in the account's
 * forms stays and a submit pressed meanwhile is sent once it is here. `lines`: a page whose
 * content the code loads shows a skeleton until it is here; without it (the hub, the modals)
 * the content shows at once, so a form can be typed into while the chunk arrives. */
export function AccountCode({ lines, children }: { lines?: number; children: ReactNode }) {
  const t = useText();
  const code = useCore((s) => s.groups.account);
  const load = useCore((s) => s.load);
  if (code === "failed") {
    return (
      <div className="panel" role="alert" data-testid="account-code-failed">
        <p>{t("layout.groups.failed")}</p>
        <Button variant="secondary" onClick={() => load("account")}>
          {t("layout.groups.retry")}
        </Button>
      </div>
    );
  }
  if (lines !== undefined && code !== "ready") return <Skeleton lines={lines} name="account-code" />;
  return <>{children}</>;
}
