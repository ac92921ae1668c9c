import { useCore, useText } from "../../core/store";
import { Button } from "../../ui/Button";

/** The payments' part of the core did not arrive (a failed chunk): the wallet modal, the invoice
 * modals and the history page show this with a retry, which fetches it again. What was sent
 * meanwhile (a push, the page's filters) waits in the core and is heard once it is here. */
export function PaymentsCodeFailed() {
  const t = useText();
  const load = useCore((s) => s.load);
  return (
    <div className="panel" role="alert" data-testid="payments-code-failed">
      <p>{t("layout.groups.failed")}</p>
      <Button variant="secondary" onClick={() => load("payments")}>
        {t("layout.groups.retry")}
      </Button>
    </div>
  );
}
