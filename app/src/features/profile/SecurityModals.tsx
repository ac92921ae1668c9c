import "./profile.css";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";
import { GroupCode } from "../../shared/GroupCode";
import { sessionName } from "./sessionName";

/** change-pass, change-nickname and confirm-session-logout (SPEC §2). */
export default function SecurityModals({ id }: { id: ModalId }) {
  return <GroupCode group="account">{body(id)}</GroupCode>;
}

function body(id: ModalId) {
  switch (id) {
    case "change-pass":
      return <ChangePass />;
    case "change-nickname":
      return <ChangeNickname />;
    default:
      return <ConfirmLogout />;
  }
}

function ChangePass() {
  const t = useText();
  const f = useForm("changePass");
  const field = (name: "currentPassword" | "newPassword" | "repeatNewPassword", autoComplete: string) => (
    <TextField
      id={`pass-${name}`}
      type="password"
      autoComplete={autoComplete}
      label={t(`global-components.security.${name}`)}
      hint={name === "newPassword" ? t("global-components.security.passwordHint") : " "}
      value={f.text(name)}
      error={f.view.errors[name]}
      onChange={(v) => f.input(name, v)}
      onBlur={() => f.blur(name)}
    />
  );
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("global-components.security.passIntro")}</p>}>
      {field("currentPassword", "current-password")}
      {field("newPassword", "new-password")}
      {field("repeatNewPassword", "new-password")}
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("global-components.security.passSubmit")}
      </Button>
    </FormFrame>
  );
}

function ChangeNickname() {
  const t = useText();
  const f = useForm("changeNickname");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error}>
      <TextField
        id="nickname"
        autoComplete="nickname"
        label={t("global-components.security.nickname")}
        hint={t("global-components.security.nicknameHint")}
        value={f.text("nickname")}
        error={f.view.errors.nickname}
        onChange={(v) => f.input("nickname", v)}
        onBlur={() => f.blur("nickname")}
      />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("global-components.security.save")}
      </Button>
    </FormFrame>
  );
}

function ConfirmLogout() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.profile);
  const what = v.closingOthers
    ? t("global-components.security.confirmOthers")
    : v.closing
      ? v.closing.current
        ? t("global-components.security.confirmThis")
        : t("global-components.security.confirmOne", { name: sessionName(t, v.closing) })
      : null;
  if (!what) {
    return <p className="muted">{t("global-components.security.nothingToConfirm")}</p>;
  }
  return (
    <div className="confirm" data-testid="confirm-session-logout">
      <p>{what}</p>
      <div className="modal-actions">
        <Button busy={v.busy} onClick={() => dispatch({ type: "sessionCloseConfirm" })}>
          {t("global-components.security.signOutConfirm")}
        </Button>
        <Button variant="ghost" disabled={v.busy} onClick={() => dispatch({ type: "closeModal" })}>
          {t("global-components.limits.cancel")}
        </Button>
      </div>
    </div>
  );
}
