import { useState } from "react";
import type { MoneyView } from "../../core/types";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { ContentPage } from "./ContentPage";

/** `/referral`: the program's text, then the player's link and figures (a guest is asked to
 * sign in), the transfer of earnings and the affiliate program. */
export function ReferralScreen() {
  return <ContentPage name="referral" aside={<ReferralPanel />} />;
}

function ReferralPanel() {
  const t = useText();
  const dispatch = useDispatch();
  const player = useCore((s) => s.session.status === "player");
  const r = useCore((s) => s.referral);
  const g = (k: string) => t(`global-components.referral.${k}`);
  const affiliate = (
    <div className="referral-affiliate">
      <p>{g("affiliate")}</p>
      <Button variant="secondary" onClick={() => dispatch({ type: "openModal", id: "affiliate-program" })} data-testid="affiliate-open">
        {g("affiliateButton")}
      </Button>
    </div>
  );
  if (!player) {
    return (
      <aside className="panel referral-panel" aria-label={g("linkTitle")}>
        <p>{g("signIn")}</p>
        <Button onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>{g("signInButton")}</Button>
        {affiliate}
      </aside>
    );
  }
  return (
    <aside className="panel referral-panel" aria-labelledby="referral-link-title" data-testid="referral-panel">
      <h2 id="referral-link-title">{g("linkTitle")}</h2>
      {r.stats ? (
        <>
          <p className="muted">{g("linkText")}</p>
          <CopyLink link={r.stats.link} />
          <dl className="referral-figures">
            <div>
              <dt>{g("invited")}</dt>
              <dd data-testid="referral-invited">{r.stats.invited}</dd>
            </div>
            <div>
              <dt>{g("qualified")}</dt>
              <dd>{r.stats.qualified}</dd>
            </div>
            <div>
              <dt>{g("earned")}</dt>
              <dd>
                <Money money={r.stats.earned} />
              </dd>
            </div>
            <div>
              <dt>{g("available")}</dt>
              <dd data-testid="referral-available">
                <Money money={r.stats.available} />
              </dd>
            </div>
          </dl>
          <Button disabled={!r.stats.canTransfer} busy={r.transferring} onClick={() => dispatch({ type: "openModal", id: "referral-transfer" })} data-testid="referral-transfer-open">
            {g("transfer")}
          </Button>
        </>
      ) : r.failed ? (
        <div role="alert">
          <p>{g("failed")}</p>
          <Button variant="secondary" onClick={() => dispatch({ type: "referralRetry" })}>
            {t("global-components.content.retry")}
          </Button>
        </div>
      ) : (
        <Skeleton lines={3} />
      )}
      {affiliate}
    </aside>
  );
}

function CopyLink({ link }: { link: string }) {
  const t = useText();
  const [copied, setCopied] = useState(false);
  return (
    <div className="referral-link">
      <label className="sr-only" htmlFor="referral-link">
        {t("global-components.referral.linkTitle")}
      </label>
      <input id="referral-link" readOnly value={link} data-testid="referral-link" onFocus={(e) => e.currentTarget.select()} />
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {t(copied ? "global-components.referral.copied" : "global-components.referral.copy")}
      </Button>
    </div>
  );
}

function Money({ money }: { money: MoneyView }) {
  return (
    <span className="money">
      {money.amount} {money.code}
    </span>
  );
}
