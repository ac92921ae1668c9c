import "./limits.css";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { FormFrame } from "../../ui/FormFrame";
import { SelectField, TextField } from "../../ui/Field";
import { useForm } from "../../shared/useForm";
import { GroupRetry } from "../../shared/GroupRetry";
import { Link } from "../../shared/Link";
import { limitText, periodText } from "./format";

const PERIODS = ["daily", "weekly", "monthly"];

/** add-limit, edit-limit, confirm-limit-update and confirm-delete-limit (SPEC §2). While the
 * limits' part of the core failed to arrive, each says so above its form and offers to fetch it
 * again: a submit pressed there waits for the code, and what was typed stays. */
export default function LimitModals({ id }: { id: ModalId }) {
  return (
    <>
      <GroupRetry group="limits" className="panel limit-modal-retry" testId="limit-modal-retry" />
      <LimitModal id={id} />
    </>
  );
}

function LimitModal({ id }: { id: ModalId }) {
  switch (id) {
    case "add-limit":
      return <AddLimit />;
    case "edit-limit":
      return <EditLimit />;
    case "confirm-limit-update":
      return <ConfirmUpdate />;
    case "game-limit-reached":
      return <GameLimitReached />;
    default:
      return <ConfirmDelete />;
  }
}

function AddLimit() {
  const t = useText();
  const f = useForm("limitAdd");
  const currencies = useCore((s) => s.limits.currencies);
  const definition = Number(f.text("definition"));
  // The kind's name and shape come from the core's sections, not from its number here.
  const section = useCore((s) => s.limits.sections.find((x) => x.definition === definition));
  const name = section?.name ?? "bet";
  const amounts = section?.hasAmount ?? true;
  return (
    <FormFrame
      onSubmit={f.submit}
      error={f.view.error}
      intro={<p className="form-intro">{t(`global-components.limits.${name}.text`)}</p>}
    >
      <p className="limit-kind" data-testid="limit-kind">
        {t(`global-components.limits.${name}.title`)}
      </p>
      <SelectField
        id="limit-period"
        label={t(amounts ? "global-components.limits.periodLabel" : "global-components.limits.durationLabel")}
        placeholder={t("global-components.limits.choose")}
        value={f.text("period")}
        options={PERIODS.map((p) => ({ value: p, label: periodText(t, p, amounts) }))}
        error={f.view.errors.period}
        onChange={(v) => f.input("period", v)}
        onBlur={() => f.blur("period")}
      />
      {amounts ? (
        <>
          <SelectField
            id="limit-currency"
            label={t("fields-settings.currency.label")}
            placeholder={t("fields-settings.currency.placeholder")}
            value={f.text("currency")}
            options={currencies.map((c) => ({ value: c, label: c }))}
            error={f.view.errors.currency}
            onChange={(v) => f.input("currency", v)}
            onBlur={() => f.blur("currency")}
          />
          <TextField
            id="limit-amount"
            label={t("global-components.limits.amountLabel")}
            inputMode="decimal"
            hint={t("global-components.limits.amountHint")}
            value={f.text("amount")}
            error={f.view.errors.amount}
            onChange={(v) => f.input("amount", v)}
            onBlur={() => f.blur("amount")}
          />
        </>
      ) : (
        <p className="limit-warning">{t("global-components.limits.breakWarning")}</p>
      )}
      <Button type="submit" busy={f.view.submitting} className="btn-block">
        {t(amounts ? "global-components.limits.save" : `global-components.limits.${name}.start`)}
      </Button>
    </FormFrame>
  );
}

function EditLimit() {
  const t = useText();
  const dispatch = useDispatch();
  const f = useForm("limitEdit");
  const limit = useCore((s) => s.limits.selected);
  const loading = useCore((s) => s.limits.loading);
  if (!limit) return <Gone loading={loading} />;
  const amounts = limit.hasAmount;
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{limitText(t, limit)}</p>}>
      <SelectField
        id="limit-period"
        label={t(amounts ? "global-components.limits.periodLabel" : "global-components.limits.durationLabel")}
        placeholder={t("global-components.limits.choose")}
        value={f.text("period")}
        options={PERIODS.map((p) => ({ value: p, label: periodText(t, p, limit.hasAmount) }))}
        error={f.view.errors.period}
        onChange={(v) => f.input("period", v)}
        onBlur={() => f.blur("period")}
      />
      {amounts ? (
        <TextField
          id="limit-amount"
          label={t("global-components.limits.amountIn", { currency: limit.currency ?? "" })}
          inputMode="decimal"
          hint={t("global-components.limits.amountHint")}
          value={f.text("amount")}
          error={f.view.errors.amount}
          onChange={(v) => f.input("amount", v)}
          onBlur={() => f.blur("amount")}
        />
      ) : (
        <p className="limit-warning">{t("global-components.limits.extendOnly")}</p>
      )}
      <div className="modal-actions">
        <Button type="submit">{t("global-components.limits.save")}</Button>
        <Button type="button" variant="ghost" onClick={() => dispatch({ type: "closeModal" })}>
          {t("global-components.limits.cancel")}
        </Button>
      </div>
    </FormFrame>
  );
}

function ConfirmUpdate() {
  const t = useText();
  const dispatch = useDispatch();
  const pending = useCore((s) => s.limits.pending);
  const busy = useCore((s) => s.limits.busy);
  const selected = useCore((s) => s.limits.selected);
  if (!pending) {
    // Opened from a link or a reload: nothing was checked yet, so the form comes first.
    return (
      <div className="confirm">
        <p>{t("global-components.limits.nothingToConfirm")}</p>
        {selected ? (
          <Button onClick={() => dispatch({ type: "limitEdit", id: selected.id })}>{t("global-components.limits.edit")}</Button>
        ) : null}
      </div>
    );
  }
  const to = { ...pending.limit, period: pending.period, amount: pending.amount };
  return (
    <div className="confirm" data-testid="confirm-limit-update">
      <p>{t("global-components.limits.confirmFrom", { limit: limitText(t, pending.limit) })}</p>
      <p className="confirm-to">{t("global-components.limits.confirmTo", { limit: limitText(t, { ...to, until: undefined }) })}</p>
      {pending.appliesLater ? <p className="confirm-later">{t("global-components.limits.appliesLater")}</p> : null}
      <div className="modal-actions">
        <Button busy={busy} onClick={() => dispatch({ type: "limitUpdateConfirm" })}>
          {t("global-components.limits.confirm")}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => dispatch({ type: "limitUpdateBack" })}>
          {t("global-components.limits.back")}
        </Button>
      </div>
    </div>
  );
}

function ConfirmDelete() {
  const t = useText();
  const dispatch = useDispatch();
  const limit = useCore((s) => s.limits.selected);
  const busy = useCore((s) => s.limits.busy);
  const loading = useCore((s) => s.limits.loading);
  if (!limit) return <Gone loading={loading} />;
  return (
    <div className="confirm" data-testid="confirm-delete-limit">
      <p>{t("global-components.limits.confirmRemove", { limit: limitText(t, limit) })}</p>
      {/* An amount limit's removal is a loosening: it waits 24 hours (issue 30). */}
      {limit.hasAmount ? <p className="confirm-later">{t("global-components.limits.removalLater")}</p> : null}
      <div className="modal-actions">
        <Button busy={busy} onClick={() => dispatch({ type: "limitRemoveConfirm" })}>
          {t("global-components.limits.remove")}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => dispatch({ type: "closeModal" })}>
          {t("global-components.limits.cancel")}
        </Button>
      </div>
    </div>
  );
}

/** The address names a limit that is not (or no longer) the player's. */
function Gone({ loading }: { loading: boolean }) {
  const t = useText();
  return <p className="muted">{loading ? t("global-components.limits.loading") : t("global-components.limits.gone")}</p>;
}

/** Play was refused by the player's own limit: which one, and until when a break runs. */
function GameLimitReached() {
  const t = useText();
  const dispatch = useDispatch();
  const v = useCore((s) => s.limits);
  const relevant = v.sections.filter((s) => s.blocksPlay).flatMap((s) => s.items);
  return (
    <div className="confirm" role="alert" data-testid="game-limit-reached">
      <p>{t("global-components.limits.gameLimit")}</p>
      {v.loading ? <p className="muted">{t("global-components.limits.loading")}</p> : null}
      {relevant.length > 0 ? (
        <ul className="limit-list">
          {relevant.map((l) => (
            <li key={l.id} className="limit-row">
              {limitText(t, l)}
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="profile-limits" onClick={() => dispatch({ type: "closeModal" })}>
        {t("global-components.wallet.limitsLink")}
      </Link>
    </div>
  );
}
