import { useEffect } from "react";

/** What a toast shows (the core's ToastView fits it; ui knows nothing of the core). */
export type ToastView = { id: number; kind: string; title: string; description?: string | null; durationMs: number };

type Props = { toasts: ToastView[]; closeLabel: string; onDismiss: (id: number) => void };

/** Toasts leave after the duration the core gives them. */
export function Toasts({ toasts, closeLabel, onDismiss }: Props) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} closeLabel={closeLabel} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function Toast({ toast, closeLabel, onDismiss }: { toast: ToastView; closeLabel: string; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);
  return (
    <div className={`toast toast-${toast.kind}`} role="status">
      <div>
        <strong>{toast.title}</strong>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
      <button type="button" className="icon-btn" aria-label={closeLabel} onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
