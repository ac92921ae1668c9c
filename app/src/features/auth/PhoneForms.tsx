import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";
import { useSecondsLeft } from "../../shared/useSecondsLeft";
import { OwnerCode } from "../../shared/OwnerCode";
import { SignUpTerms } from "./SignUpTerms";

/** get-code (a guest signs in or up) and phone (a player confirms a number): the number. */
export function PhoneNumberForm({ forProfile }: { forProfile: boolean }) {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("phoneNumber");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t(forProfile ? "modals.phone.text" : "modals.getCode.text")}</p>}>
      <TextField
        id="phone-number"
        type="text"
        inputMode="tel"
        autoComplete="tel"
        label={t("fields-settings.phone.label")}
        placeholder="+351 912 345 678"
        hint={t("modals.getCode.hint")}
        value={f.text("phone")}
        error={f.view.errors.phone}
        onChange={(v) => f.input("phone", v)}
        onBlur={() => f.blur("phone")}
      />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.getCode.submit")}
      </Button>
      {forProfile ? null : (
        <p className="form-alt">
          <button type="button" className="link-btn" onClick={() => dispatch({ type: "openModal", id: "sign-in" })}>
            {t("modals.getCode.withEmail")}
          </button>
        </p>
      )}
    </FormFrame>
  );
}

/** code-verify: the code from the SMS with a resend countdown; for a new number, then the
 * sign-up fields. */
export function CodeVerifyForm() {
  const t = useText();
  const dispatch = useDispatch();
  const phone = useCore((s) => s.phone);
  const f = useForm("phoneCode");
  const secs = useSecondsLeft(phone.resendAt);
  if (!phone.sentTo) {
    return (
      <div className="form">
        <p className="form-intro">{t("modals.codeVerify.noCode")}</p>
        <Button type="button" className="btn-block" onClick={() => dispatch({ type: "openModal", id: "get-code" })}>
          {t("modals.codeVerify.getCode")}
        </Button>
      </div>
    );
  }
  if (phone.newPlayer) return <PhoneSignUpForm phone={phone.sentTo} />;
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("modals.codeVerify.sentTo").replace("{phone}", phone.sentTo)}</p>}>
      <TextField
        id="phone-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t("fields-settings.otp.label")}
        placeholder={"0".repeat(phone.codeLength)}
        value={f.text("code")}
        error={f.view.errors.code}
        onChange={(v) => f.input("code", v)}
        onBlur={() => f.blur("code")}
      />
      {/* A player proves the account is theirs (issue 32 item 4); the core says with what. */}
      {phone.forProfile && phone.proof === "password" ? (
        <TextField
          id="phone-current-password"
          type="password"
          autoComplete="current-password"
          label={t("modals.emailForm.passwordLabel")}
          hint={t("modals.codeVerify.passwordHint")}
          value={f.text("currentPassword")}
          error={f.view.errors.currentPassword}
          onChange={(v) => f.input("currentPassword", v)}
          onBlur={() => f.blur("currentPassword")}
        />
      ) : phone.forProfile && phone.proof === "code" ? (
        <OwnerCode
          f={f}
          id="phone-owner-code"
          field="ownerCode"
          state={phone}
          hint={t("modals.codeVerify.ownerCodeHint")}
          onSend={() => dispatch({ type: "phoneOwnerCode" })}
        />
      ) : null}
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.codeVerify.submit")}
      </Button>
      <p className="form-alt phone-resend">
        {secs > 0 ? (
          <span aria-live="polite">{t("modals.codeVerify.resendIn").replace("{seconds}", String(secs))}</span>
        ) : (
          <Button type="button" variant="secondary" busy={phone.resending} onClick={() => dispatch({ type: "phoneResend" })}>
            {t("modals.codeVerify.resend")}
          </Button>
        )}
      </p>
      <p className="form-alt">
        <button type="button" className="link-btn" onClick={() => dispatch({ type: "phoneChangeNumber" })}>
          {t("modals.codeVerify.changeNumber")}
        </button>
      </p>
    </FormFrame>
  );
}

function PhoneSignUpForm({ phone }: { phone: string }) {
  const t = useText();
  const f = useForm("phoneSignUp");
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{t("modals.codeVerify.newNumber", { phone })}</p>}>
      <SignUpTerms f={f} id="phone-signup" />
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t("modals.codeVerify.signUp")}
      </Button>
    </FormFrame>
  );
}
