import "./verify.css";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";
import { Skeleton } from "../../ui/Skeleton";
import { OwnerCode } from "../../shared/OwnerCode";
import { useSecondsLeft } from "../../shared/useSecondsLeft";
import { GroupCode } from "../../shared/GroupCode";

/** email, confirm-email, confirm and avatars (SPEC §2). */
export default function VerifyModals({ id }: { id: ModalId }) {
  return <GroupCode group="account">{body(id)}</GroupCode>;
}

function body(id: ModalId) {
  switch (id) {
    case "email":
      return <EmailForm />;
    case "confirm-email":
      return <ConfirmEmailForm />;
    case "confirm":
      return <Confirmed />;
    default:
      return <Avatars />;
  }
}

/** email: the address a code and link go to (it becomes the player's once confirmed), with
 * the proof the account is the player's: the current password, or a code the core asks the
 * server to send to the player's e-mail or phone (issue 32 item 4). */
function EmailForm() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("emailAddress");
  const v = useCore((s) => s.verify);
  const proof = v.proof;
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("modals.emailForm.text")}</p>}>
      <TextField
        id="email-address"
        type="email"
        autoComplete="email"
        label={t("fields-settings.email.label")}
        placeholder={t("fields-settings.email.placeholder")}
        value={f.text("email")}
        error={f.view.errors.email}
        onChange={(v) => f.input("email", v)}
        onBlur={() => f.blur("email")}
      />
      {proof === "password" ? (
        <TextField
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          label={t("modals.emailForm.passwordLabel")}
          hint={t("modals.emailForm.passwordHint")}
          value={f.text("currentPassword")}
          error={f.view.errors.currentPassword}
          onChange={(v) => f.input("currentPassword", v)}
          onBlur={() => f.blur("currentPassword")}
        />
      ) : proof === "code" ? (
        <OwnerCode
          f={f}
          id="email-owner-code"
          field="code"
          state={v}
          hint={t("modals.emailForm.codeHint")}
          onSend={() => dispatch({ type: "ownerCode" })}
        />
      ) : (
        <Skeleton lines={1} name="email-proof" />
      )}
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.emailForm.submit")}
      </Button>
    </FormFrame>
  );
}

/** confirm-email: the mail's code, with a new mail after the server's wait. */
export function ConfirmEmailForm() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.verify);
  const f = useForm("emailCode");
  const secs = useSecondsLeft(v.resendAt);
  const intro = v.sentTo ? t("modals.confirmEmail.sentTo", { email: v.sentTo }) : t("modals.confirmEmail.text");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{intro}</p>}>
      <TextField
        id="email-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t("modals.confirmEmail.label")}
        placeholder="000000"
        value={f.text("code")}
        error={f.view.errors.code}
        onChange={(value) => f.input("code", value)}
        onBlur={() => f.blur("code")}
      />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.confirmEmail.submit")}
      </Button>
      <p className="form-alt verify-resend">
        {secs > 0 ? (
          <span aria-live="polite">{t("modals.confirmEmail.resendIn", { seconds: String(secs) })}</span>
        ) : (
          <Button type="button" variant="secondary" busy={v.resending} onClick={() => dispatch({ type: "emailResend" })}>
            {t("modals.confirmEmail.resend")}
          </Button>
        )}
      </p>
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "email" })}>
          {t("modals.confirmEmail.change")}
        </button>
      </p>
    </FormFrame>
  );
}

/** avatars: the pictures as a grid of buttons; the current one is marked, the one being set
 * is busy, a refusal says why and keeps the choice. */
function Avatars() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.verify);
  const current = useCore((s) => s.session.avatar);
  if (v.avatars.length === 0) {
    return v.avatarError ? (
      <p className="form-error" role="alert">
        {t("modals.avatars.loadFailed")}
      </p>
    ) : (
      <Skeleton lines={3} name="avatars" />
    );
  }
  return (
    <div className="form">
      <p className="form-intro">{t("modals.avatars.text")}</p>
      <ul className="avatar-grid">
        {v.avatars.map(([id, url]) => {
          const key = `modals.avatars.${id}`;
          const name = t(key) === key ? id : t(key);
          const isCurrent = url === current;
          const chosen = v.chosen === id;
          return (
            <li key={id}>
              <button
                type="button"
                className={`avatar-choice${isCurrent ? " is-current" : ""}${chosen ? " is-chosen" : ""}`}
                aria-pressed={isCurrent}
                aria-busy={(chosen && v.avatarBusy) || undefined}
                disabled={v.avatarBusy}
                data-testid={`avatar-${id}`}
                onClick={() => dispatch({ type: "avatarChoose", id })}
              >
                <img src={url} alt="" width={64} height={64} />
                <span>{name}</span>
                {isCurrent ? <span className="avatar-current">{t("modals.avatars.current")}</span> : null}
                {chosen && v.avatarBusy ? <span className="spinner" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {v.avatarError ? (
        <p className="form-error" role="alert">
          {v.avatarError}
        </p>
      ) : null}
    </div>
  );
}

/** confirm: the player's profile is confirmed (the core opens it when the code confirms the
 * e-mail; it needs the confirmed profile, 'profileConfirmed'). */
function Confirmed() {
  const t = useText();
  const dispatch = useDispatch();
  const email = useCore((s) => s.verify.linkEmail || s.profile.me?.email || "");
  return (
    <div className="form" data-testid="profile-confirmed">
      <p className="form-intro">{t("modals.confirm.text", { email })}</p>
      <Button className="btn-block" onClick={() => dispatch({ type: "closeModal" })}>
        {t("modals.confirm.ok")}
      </Button>
    </div>
  );
}
