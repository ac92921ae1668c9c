import { useText } from "../core/store";
import type { useForm } from "./useForm";
import { useSecondsLeft } from "./useSecondsLeft";
import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";

/** Where an owner code stands: the verify and phone slices carry the same three fields. */
type OwnerCodeState = { ownerSentTo?: string | null; ownerResendAt: number; ownerSending: boolean };

/** The owner code of a player without a password: asked for here, typed below (the email
 * modal's `code`, the phone's code-verify's `ownerCode`). Its row's class is styled by the
 * email modal's sheet; in the phone modal it is a plain `form-alt` like the resend there. */
export function OwnerCode({ f, id, field, state, hint, onSend }: {
  f: ReturnType<typeof useForm>;
  id: string;
  field: string;
  state: OwnerCodeState;
  hint: string;
  onSend: () => void;
}) {
  const t = useText();
  const secs = useSecondsLeft(state.ownerResendAt);
  return (
    <>
      <TextField
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t("modals.emailForm.codeLabel")}
        hint={state.ownerSentTo ? undefined : hint}
        placeholder="000000"
        value={f.text(field)}
        error={f.view.errors[field]}
        onChange={(value) => f.input(field, value)}
        onBlur={() => f.blur(field)}
      />
      {/* Apart from the field's hint, which an error replaces: where the code went stays said. */}
      {state.ownerSentTo ? (
        <p className="form-alt" aria-live="polite">
          {t("modals.emailForm.codeSentTo", { to: state.ownerSentTo })}
        </p>
      ) : null}
      <p className="form-alt verify-resend">
        {secs > 0 ? (
          <span aria-live="polite">{t("modals.emailForm.codeResendIn", { seconds: String(secs) })}</span>
        ) : (
          <Button type="button" variant="secondary" busy={state.ownerSending} onClick={onSend}>
            {t("modals.emailForm.codeSend")}
          </Button>
        )}
      </p>
    </>
  );
}
