import "./profile.css";
import { useEffect, useRef, useState } from "react";
import { useCore, useDispatch, useText } from "../../core/store";
import { Button } from "../../ui/Button";
import { Skeleton } from "../../ui/Skeleton";

/** The file input the core's runtime reads the chosen file from (`documents::FILE_INPUT`). */
export const FILE_INPUT = "document-file";
/** The kinds of document (the core's `documents::KINDS`, the sandbox's). */
export const KINDS = ["identity", "address", "payment", "selfie"] as const;
const ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

/** The personal page's verification section: upload a document (checked by the core before it
 * is sent, with the upload's progress), the documents with their status, delete one not yet
 * approved after a confirmation in its row, and the identity check. */
export function Documents() {
  const t = useText();
  const dispatch = useDispatch();
  const docs = useCore((s) => s.documents);
  const loaded = docs.list !== null;
  const [kind, setKind] = useState<string>(KINDS[0]);
  const input = useRef<HTMLInputElement>(null);

  // The runtime's upload tells the input how much is sent (a passing number for the bar; the
  // core keeps that an upload runs).
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onProgress = (e: Event) => {
      const p = (e as CustomEvent<number>).detail;
      if (typeof p === "number") setPercent(Math.min(100, Math.max(0, p)));
    };
    el.addEventListener("uploadprogress", onProgress);
    return () => el.removeEventListener("uploadprogress", onProgress);
  }, [loaded]);
  useEffect(() => {
    if (docs.uploading) setPercent(0);
  }, [docs.uploading]);

  // Sent (or refused before sending): the input starts empty again; a failed upload keeps it.
  useEffect(() => {
    if (!docs.file && !docs.error && input.current) input.current.value = "";
  }, [docs.file, docs.error]);

  if (!loaded && !docs.failed) return <Skeleton lines={3} name="documents" />;
  // The rows as the server listed them; a status by its settings-constants name.
  const rows = Array.isArray(docs.list?.documents) ? docs.list.documents.filter((d) => d && typeof d.id === "number") : [];
  const verified = docs.list?.verified === true;
  const statusOf = (n: number) => docs.statuses[n - 1] ?? docs.statuses[0];
  const uploading = docs.uploading;
  return (
    <section className="panel documents" aria-labelledby="documents-title">
      <h2 id="documents-title">{t("global-components.documents.title")}</h2>
      <p className="muted">{t("global-components.documents.intro")}</p>

      <div className="documents-verify" data-testid="identity-check">
        <h3>{t("global-components.documents.verifyTitle")}</h3>
        {verified ? (
          <p className="documents-verified">{t("global-components.documents.verified")}</p>
        ) : (
          <>
            <p className="muted">{t("global-components.documents.verifyIntro")}</p>
            <Button type="button" variant="secondary" busy={docs.verifying} onClick={() => dispatch({ type: "identityVerify" })}>
              {t("global-components.documents.verify")}
            </Button>
          </>
        )}
      </div>

      <form
        className="documents-upload"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          dispatch({ type: "documentUpload", kind });
        }}
      >
        <div className="field">
          <label htmlFor="document-kind">{t("global-components.documents.kind")}</label>
          <select id="document-kind" name="document-kind" value={kind} disabled={uploading} onChange={(e) => setKind(e.target.value)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`global-components.documents.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${docs.error ? " field-invalid" : ""}`}>
          <label htmlFor={FILE_INPUT}>{t("global-components.documents.file")}</label>
          <input
            ref={input}
            id={FILE_INPUT}
            name={FILE_INPUT}
            type="file"
            accept={ACCEPT}
            disabled={uploading}
            aria-invalid={docs.error ? true : undefined}
            aria-describedby={docs.error ? `${FILE_INPUT}-error` : `${FILE_INPUT}-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) dispatch({ type: "documentFile", name: file.name, size: file.size });
            }}
          />
          {docs.error ? (
            <p className="field-error" id={`${FILE_INPUT}-error`} role="alert">
              {docs.error}
            </p>
          ) : (
            <p className="field-hint" id={`${FILE_INPUT}-hint`}>
              {t("global-components.documents.fileHint")}
            </p>
          )}
        </div>
        {uploading ? (
          <div className="documents-progress">
            <progress max={100} value={percent} aria-label={t("global-components.documents.progress")} />
            <span aria-live="polite">{t("global-components.documents.uploading", { percent: String(percent) })}</span>
          </div>
        ) : null}
        <Button type="submit" busy={uploading} disabled={!docs.file}>
          {docs.file && docs.error ? t("global-components.documents.retry") : t("global-components.documents.upload")}
        </Button>
      </form>

      <h3>{t("global-components.documents.list")}</h3>
      {docs.failed ? (
        <p role="alert">{t("global-components.documents.loadFailed")}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{t("global-components.documents.none")}</p>
      ) : (
        <ul className="documents-list">
          {rows.map((d) => (
            <li key={d.id} className="document" data-testid={`document-${d.id}`}>
              <span className="document-text">
                <strong>{t(`global-components.documents.kind.${d.type}`)}</strong>
                <span className="document-name">{d.fileName}</span>
                <span className="muted">{t("global-components.documents.uploaded", { date: d.uploadedText })}</span>
              </span>
              <span className={`document-status document-status-${statusOf(d.status)}`}>{t(`global-components.documents.status.${statusOf(d.status)}`)}</span>
              {docs.asking === d.id ? (
                <span className="document-confirm" role="group" aria-label={t("global-components.documents.deleteOne", { name: d.fileName })}>
                  <span>{t("global-components.documents.confirmDelete", { name: d.fileName })}</span>
                  <Button type="button" variant="primary" busy={docs.deleting} onClick={() => dispatch({ type: "documentDelete", id: d.id })}>
                    {t("global-components.documents.delete")}
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => dispatch({ type: "documentDelete", id: 0 })}>
                    {t("global-components.documents.keep")}
                  </Button>
                </span>
              ) : statusOf(d.status) !== "approved" ? (
                <Button type="button" variant="secondary" aria-label={t("global-components.documents.deleteOne", { name: d.fileName })} onClick={() => dispatch({ type: "documentDelete", id: d.id })}>
                  {t("global-components.documents.delete")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
