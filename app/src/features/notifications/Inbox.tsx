import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";
import { plainText } from "./plainText";

/** Every message or push, 20 a page (SPEC §9), with read, read-all and delete. A panel over
 * the page, not a modal of the address: SPEC §2 names no modal for it. */
export function Inbox() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.notifications);
  const i = v.inbox;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const esc = (e: KeyboardEvent) => e.key === "Escape" && dispatch({ type: "inboxHide" });
    document.addEventListener("keydown", esc);
    return () => document.removeEventListener("keydown", esc);
  }, [dispatch]);
  const show = (pushes: boolean, page: number) => dispatch({ type: "inboxShow", pushes, page });
  const unread = i.pushes ? v.unreadPushes : v.unreadMessages;
  // On the body: the sticky header's backdrop filter would make it the panel's frame.
  return createPortal(
    <div className="inbox-backdrop" onMouseDown={(e) => e.target === e.currentTarget && dispatch({ type: "inboxHide" })}>
      <div className="inbox" role="dialog" aria-modal="true" aria-labelledby="inbox-title" tabIndex={-1} ref={ref} data-testid="inbox">
        <div className="inbox-head">
          <h2 id="inbox-title">{t("global-components.notifications.title")}</h2>
          <button type="button" className="icon-btn" aria-label={t("layout.close")} onClick={() => dispatch({ type: "inboxHide" })}>
            ✕
          </button>
        </div>
        <div className="inbox-tabs">
          <div className="inbox-tablist" role="tablist">
            {[false, true].map((pushes) => (
              <button key={String(pushes)} type="button" role="tab" aria-selected={i.pushes === pushes} className={i.pushes === pushes ? "tab tab-on" : "tab"} onClick={() => show(pushes, 1)}>
                {t(pushes ? "global-components.notifications.pushes" : "global-components.notifications.messages")}
                {(pushes ? v.unreadPushes : v.unreadMessages) > 0 ? <span className="tab-count">{pushes ? v.unreadPushes : v.unreadMessages}</span> : null}
              </button>
            ))}
          </div>
          {unread > 0 ? (
            <button type="button" className="link-btn inbox-readall" onClick={() => dispatch({ type: i.pushes ? "pushesReadAll" : "notificationsReadAll" })}>
              {t("global-components.notifications.readAll")}
            </button>
          ) : null}
        </div>
        <div role="tabpanel" className="inbox-body">
          {i.failed ? (
            <div role="alert">
              <p>{t("global-components.notifications.failed")}</p>
              <Button variant="secondary" onClick={() => show(i.pushes, i.page)}>
                {t("global-components.wallet.retry")}
              </Button>
            </div>
          ) : i.loading && i.items.length === 0 ? (
            <Skeleton lines={4} />
          ) : i.items.length === 0 ? (
            <p className="muted">{t("global-components.notifications.empty")}</p>
          ) : (
            <ul className="note-list">
              {i.items.map((n) => (
                <li key={n.id} className={n.unread ? "note note-unread" : "note"} data-testid={`inbox-${n.id}`}>
                  <div className="note-text">
                    <span className="note-title">{n.title}</span>
                    <span className="note-body">{plainText(n.body)}</span>
                    <time className="note-time" dateTime={n.createdAt}>
                      {n.createdText}
                    </time>
                  </div>
                  <span className="note-actions">
                    {n.unread ? (
                      <button type="button" className="link-btn" aria-label={t("global-components.notifications.readOne", { title: n.title })} onClick={() => dispatch({ type: i.pushes ? "pushesRead" : "notificationsRead", ids: [n.id] })}>
                        {t("global-components.notifications.read")}
                      </button>
                    ) : null}
                    {!i.pushes ? (
                      <button type="button" className="link-btn link-danger" aria-label={t("global-components.notifications.deleteOne", { title: n.title })} onClick={() => dispatch({ type: "notificationsDelete", ids: [n.id] })}>
                        {t("global-components.notifications.delete")}
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {i.pages > 1 ? (
          <nav className="inbox-pager" aria-label={t("global-components.notifications.pages")}>
            <Button variant="ghost" disabled={i.page <= 1 || i.loading} onClick={() => show(i.pushes, i.page - 1)}>
              {t("global-components.notifications.prev")}
            </Button>
            <span>{t("global-components.notifications.pageOf", { page: String(i.page), pages: String(i.pages) })}</span>
            <Button variant="ghost" disabled={i.page >= i.pages || i.loading} onClick={() => show(i.pushes, i.page + 1)}>
              {t("global-components.notifications.next")}
            </Button>
          </nav>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
