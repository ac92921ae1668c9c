import "./content.css";
import { useState } from "react";
import type { ModalId } from "../../core/names.gen";
import { useCore, useDispatch, useText } from "../../core/store";
import { useForm } from "../../shared/useForm";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { FormFrame } from "../../ui/FormFrame";

/** cookie-request, geo-popup, referral-transfer and affiliate-program (issue 16). */
export default function ContentModals({ id }: { id: ModalId }) {
  switch (id) {
    case "cookie-request":
      return <CookieRequest />;
    case "geo-popup":
      return <GeoPopup />;
    case "referral-transfer":
      return <ReferralTransfer />;
    default:
      return <AffiliateProgram />;
  }
}

/** The visitor's choice: everything, only what the site needs, or per kind. Closing the
 * modal chooses nothing (asked again next visit). */
function CookieRequest() {
  const t = useText();
  const dispatch = useDispatch();
  const saved = useCore((s) => s.consent);
  const [analytics, setAnalytics] = useState(saved.analytics);
  const [marketing, setMarketing] = useState(saved.marketing);
  const m = (k: string) => t(`modals.cookie-request.${k}`);
  const save = (a: boolean, mk: boolean) => dispatch({ type: "consentSave", analytics: a, marketing: mk });
  return (
    <div className="consent" data-testid="cookie-request">
      <p>{m("text")}</p>
      <fieldset className="consent-kinds">
        <legend className="sr-only">{t("modals.cookie-request.title")}</legend>
        <label>
          <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} data-testid="consent-analytics" /> {m("analytics")}
        </label>
        <label>
          <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} data-testid="consent-marketing" /> {m("marketing")}
        </label>
      </fieldset>
      <div className="consent-actions">
        <Button onClick={() => save(true, true)} data-testid="consent-all">
          {m("acceptAll")}
        </Button>
        <Button variant="secondary" onClick={() => save(false, false)} data-testid="consent-necessary">
          {m("necessary")}
        </Button>
        <Button variant="ghost" onClick={() => save(analytics, marketing)} data-testid="consent-save">
          {m("save")}
        </Button>
      </div>
    </div>
  );
}

function GeoPopup() {
  const t = useText();
  const dispatch = useDispatch();
  const country = useCore((s) => s.consent.country ?? "");
  return (
    <div className="geo-popup" data-testid="geo-popup">
      <p>{t("modals.geo-popup.text", { country })}</p>
      <Button onClick={() => dispatch({ type: "closeModal" })}>{t("modals.geo-popup.ok")}</Button>
    </div>
  );
}

function ReferralTransfer() {
  const t = useText();
  const dispatch = useDispatch();
  const r = useCore((s) => s.referral);
  const m = (k: string) => t(`modals.referral-transfer.${k}`);
  const close = () => dispatch({ type: "closeModal" });
  if (!r.stats?.canTransfer) {
    return (
      <div className="referral-transfer" data-testid="referral-transfer">
        <p>{r.stats ? m("nothing") : t("global-components.content.loading")}</p>
        <Button onClick={close}>{m("cancel")}</Button>
      </div>
    );
  }
  return (
    <div className="referral-transfer" data-testid="referral-transfer">
      <p>{t("modals.referral-transfer.text", { amount: r.stats.available.amount, currency: r.stats.available.code })}</p>
      <div className="consent-actions">
        <Button busy={r.transferring} onClick={() => dispatch({ type: "referralTransfer" })} data-testid="referral-transfer-confirm">
          {m("confirm")}
        </Button>
        <Button variant="secondary" onClick={close}>
          {m("cancel")}
        </Button>
      </div>
    </div>
  );
}

function AffiliateProgram() {
  const t = useText();
  const f = useForm("affiliateApply");
  const applied = useCore((s) => s.referral.applied);
  const m = (k: string) => t(`modals.affiliate-program.${k}`);
  if (applied) {
    return (
      <p className="affiliate-sent" role="status" data-testid="affiliate-sent">
        {m("sent")}
      </p>
    );
  }
  return (
    <FormFrame onSubmit={f.submit} error={f.view.error} intro={<p className="form-intro">{m("intro")}</p>}>
      <TextField id="affiliate-name" autoComplete="name" label={t("fields-settings.fullName.label")} value={f.text("fullName")} error={f.view.errors.fullName} onChange={(v) => f.input("fullName", v)} onBlur={() => f.blur("fullName")} />
      <TextField id="affiliate-email" type="email" autoComplete="email" label={t("fields-settings.email.label")} placeholder={t("fields-settings.email.placeholder")} value={f.text("email")} error={f.view.errors.email} onChange={(v) => f.input("email", v)} onBlur={() => f.blur("email")} />
      <TextField id="affiliate-website" autoComplete="url" label={t("fields-settings.website.label")} placeholder={t("fields-settings.website.placeholder")} value={f.text("website")} error={f.view.errors.website} onChange={(v) => f.input("website", v)} onBlur={() => f.blur("website")} />
      <div className={`field${f.view.errors.message ? " field-invalid" : ""}`}>
        <label htmlFor="affiliate-message">{t("fields-settings.message.label")}</label>
        <textarea id="affiliate-message" name="affiliate-message" rows={3} value={f.text("message")} aria-invalid={f.view.errors.message ? true : undefined} aria-describedby={f.view.errors.message ? "affiliate-message-error" : undefined} onChange={(e) => f.input("message", e.target.value)} onBlur={() => f.blur("message")} />
        {f.view.errors.message ? (
          <p className="field-error" id="affiliate-message-error" role="alert">
            {f.view.errors.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" busy={f.view.submitting} className="btn-block" data-testid="affiliate-submit">
        {m("submit")}
      </Button>
    </FormFrame>
  );
}
