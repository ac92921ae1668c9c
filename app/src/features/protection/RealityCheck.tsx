import "./protection.css";
import { useCallback, useState, type ReactNode } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { GroupRetry } from "../../shared/GroupRetry";
import { usePath } from "../../shared/Link";
import { Button } from "../../ui/Button";
import { ModalFrame } from "../../ui/ModalFrame";
import { SessionBar } from "./SessionBar";
import { lengthText, sessionTime, signed } from "./format";

/** A game page or the sportsbook under the player's protection: the session bar above, and
 * when the core says the reality check is due, its dialog over a page made inert (the game
 * cannot be played behind it; focus moves into the dialog, Escape keeps playing). Once the
 * player's session length has passed, the page's content waits for their answer to the ask
 * (the game is not launched, a sportsbook entered then not mounted, until "Continue"). */
export function Protected({ children, waitForCode = false }: { children: ReactNode; waitForCode?: boolean }) {
  const shown = useCore((s) => s.protection.active && s.protection.playing);
  const asking = useCore((s) => s.protection.asking) && shown;
  const due = useCore((s) => s.protection.due) && shown && !asking;
  // A page already showing (an open sportsbook when the length passes) stays mounted, inert
  // behind the ask, so its bet slip survives "Continue"; a page entered after the length
  // waits to mount. Whether it has passed is the protection code's answer (a lazily loaded
  // group): with `waitForCode` (the sportsbook, whose stakes the core cannot hold) a player's
  // page also waits for that code. A game page need not: the core holds its launch.
  const waiting = useCore((s) => waitForCode && s.session.status !== "guest" && s.groups.protection !== "ready");
  const [opened, setOpened] = useState(!asking && !waiting);
  if (!asking && !waiting && !opened) setOpened(true);
  const blocked = due || asking;
  return (
    <>
      <SessionBar />
      <CodeRetry />
      <div className="protected" inert={blocked || undefined} aria-hidden={blocked || undefined}>
        {opened ? children : null}
      </div>
      {due ? <RealityCheck /> : null}
      {asking ? <SessionAsk /> : null}
    </>
  );
}

/** A signed-in player's protection arrives as its own part of the core (the `protection`
 * group); when its chunk did not load, say so and fetch it again. Until then a launch waits
 * (the core holds it for the session-length answer) and the bar is not shown. */
export function CodeRetry() {
  const player = useCore((s) => s.session.status === "player");
  return player ? <GroupRetry group="protection" className="panel protection-retry" testId="protection-retry" /> : null;
}

/** The session length has passed: ask before the launch (or the sportsbook). Escape and the
 * backdrop stop playing, the safe choice. */
function SessionAsk() {
  const t = useText();
  const dispatch = useDispatch();
  const minutes = useCore((s) => s.protection.minutes);
  const length = useCore((s) => s.protection.length);
  const stop = useCallback(() => dispatch({ type: "sessionStop" }), [dispatch]);
  return (
    <ModalFrame title={t("global-components.protection.lengthTitle")} closeLabel={t("global-components.protection.stop")} onClose={stop}>
      <div className="reality-check" data-testid="session-ask">
        <p>{t("global-components.protection.lengthLead", { time: sessionTime(t, minutes), length: lengthText(t, length) })}</p>
        <div className="reality-actions">
          <Button onClick={stop} data-testid="session-stop">
            {t("global-components.protection.stop")}
          </Button>
          <Button variant="secondary" onClick={() => dispatch({ type: "sessionContinue" })} data-testid="session-continue">
            {t("global-components.protection.continue")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}

function RealityCheck() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.protection);
  const history = usePath("wallet-history");
  const limits = usePath("profile-limits");
  // Every action answers the check first: the next one comes an interval later.
  // Stable, so the dialog's focus handling does not start over on each minute's update.
  const done = useCallback(() => dispatch({ type: "realityCheckDone" }), [dispatch]);
  const go = (path: string) => {
    done();
    dispatch({ type: "navigate", path });
  };
  return (
    <ModalFrame title={t("global-components.protection.title")} closeLabel={t("global-components.protection.keep")} onClose={done}>
      <div className="reality-check" data-testid="reality-check">
        <p>{t("global-components.protection.lead", { time: sessionTime(t, v.minutes) })}</p>
        {v.totals.length ? (
          <table className="reality-table">
            <thead>
              <tr>
                <th scope="col">{t("global-components.protection.currency")}</th>
                <th scope="col">{t("global-components.protection.staked")}</th>
                <th scope="col">{t("global-components.protection.won")}</th>
                <th scope="col">{t("global-components.protection.net")}</th>
              </tr>
            </thead>
            <tbody>
              {v.totals.map((x) => (
                <tr key={x.currency} data-testid={`reality-${x.currency}`}>
                  <th scope="row">{x.currency}</th>
                  <td>{x.staked}</td>
                  <td>{x.won}</td>
                  <td className={x.net.startsWith("-") ? "loss" : undefined}>{signed(x.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">{t("global-components.protection.nothing")}</p>
        )}
        <div className="reality-actions">
          <Button onClick={done} data-testid="reality-keep">
            {t("global-components.protection.keep")}
          </Button>
          <Button variant="secondary" onClick={() => go(`${history}?tab=spins`)} data-testid="reality-history">
            {t("global-components.protection.history")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              go(limits);
              dispatch({ type: "limitAdd", definition: 5 });
            }}
            data-testid="reality-break"
          >
            {t("global-components.protection.break")}
          </Button>
          <Button variant="secondary" onClick={() => go(limits)} data-testid="reality-limits">
            {t("global-components.protection.limits")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
