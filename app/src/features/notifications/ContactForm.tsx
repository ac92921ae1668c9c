import { useCore, useDispatch, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";
import "./notifications.css";

/** /contact: a message to support (`POST /api/notification/communications`). A guest gives
 * an e-mail to be answered at; a player is answered at the account's. */
export function ContactForm() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("contact");
  const player = useCore((s) => s.session.status === "player");
  const sent = useCore((s) => s.notifications.contactSent);
  if (sent) {
    return (
      <div className="panel contact-sent" role="status" data-testid="contact-sent">
        <p>{t("global-components.contact.sent")}</p>
        <Button variant="secondary" onClick={() => dispatch({ type: "contactAgain" })}>
          {t("global-components.contact.again")}
        </Button>
      </div>
    );
  }
  const messageError = f.view.errors.message;
  return (
    <div className="panel">
      <FormFrame onSubmit={f.submit} error={f.view.error}>
        {player ? null : (
          <TextField id="contact-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} hint={t("global-components.contact.emailHint")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
        )}
        <TextField id="contact-subject" label={t("global-components.contact.subject")} hint={t("global-components.contact.subjectHint")} value={f.text("subject")} error={f.view.errors.subject} onChange={(v) => f.input("subject", v)} onBlur={() => f.blur("subject")} />
        <div className={`field${messageError ? " field-invalid" : ""}`}>
          <label htmlFor="contact-message">{t("global-components.contact.message")}</label>
          <textarea
            id="contact-message"
            name="contact-message"
            rows={6}
            value={f.text("message")}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? "contact-message-error" : "contact-message-hint"}
            onChange={(e) => f.input("message", e.target.value)}
            onBlur={() => f.blur("message")}
          />
          {/* The hint holds the error's line, so the button below never moves under a click. */}
          {messageError ? (
            <p className="field-error" id="contact-message-error" role="alert">
              {messageError}
            </p>
          ) : (
            <p className="field-hint" id="contact-message-hint">
              {t("global-components.contact.messageHint")}
            </p>
          )}
        </div>
        <Button type="submit" busy={f.view.submitting}>
          {t("global-components.contact.send")}
        </Button>
      </FormFrame>
    </div>
  );
}
