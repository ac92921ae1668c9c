import "./notifications.css";
import { useEffect, useRef, useState } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import type { NoteView } from "../../core/types";
import { Inbox } from "./Inbox";
import { plainText } from "./plainText";

/** The header bell: unread messages and pushes, a popover of the 3 newest messages (SPEC §9),
 * and the way to the full list. */
export default function Bell() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.notifications);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", away);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("mousedown", away);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);
  const label = v.unread > 0 ? t("global-components.notifications.bellUnread", { count: String(v.unread) }) : t("global-components.notifications.bell");
  return (
    <div className="bell" ref={box}>
      <button type="button" className="icon-btn bell-btn" aria-label={label} aria-expanded={open} aria-controls="bell-popover" data-testid="bell" onClick={() => setOpen(!open)}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zm4 4a2 2 0 0 0 4 0" />
        </svg>
        {v.unread > 0 ? (
          <span className="bell-count" data-testid="bell-count" aria-hidden="true">
            {v.unread > 99 ? "99+" : v.unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="bell-popover" id="bell-popover" role="region" aria-label={t("global-components.notifications.title")} data-testid="bell-popover">
          <div className="bell-head">
            <strong>{t("global-components.notifications.title")}</strong>
            {v.unreadMessages > 0 ? (
              <button type="button" className="link-btn" onClick={() => dispatch({ type: "notificationsReadAll" })}>
                {t("global-components.notifications.readAll")}
              </button>
            ) : null}
          </div>
          {v.latest.length === 0 ? <p className="muted bell-empty">{t("global-components.notifications.empty")}</p> : null}
          <ul className="note-list">
            {v.latest.map((n) => (
              <Item key={n.id} note={n} />
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => {
              setOpen(false);
              dispatch({ type: "inboxShow", pushes: false, page: 1 });
            }}
          >
            {t("global-components.notifications.all")}
          </button>
        </div>
      ) : null}
      {v.inbox.shown ? <Inbox /> : null}
    </div>
  );
}

function Item({ note: n }: { note: NoteView }) {
  const t = useText();
  const dispatch = useDispatch();
  return (
    <li className={n.unread ? "note note-unread" : "note"} data-testid={`note-${n.id}`}>
      <div className="note-text">
        <span className="note-title">{n.title}</span>
        <span className="note-body">{plainText(n.body)}</span>
      </div>
      {n.unread ? (
        <button type="button" className="link-btn note-action" aria-label={t("global-components.notifications.readOne", { title: n.title })} onClick={() => dispatch({ type: "notificationsRead", ids: [n.id] })}>
          {t("global-components.notifications.read")}
        </button>
      ) : null}
    </li>
  );
}
