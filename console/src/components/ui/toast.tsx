import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useT } from '../../i18n';
import { tag } from './tokens';

export type ToastKind = 'success' | 'error' | 'warning';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Warnings (e.g. "change the default password") stay longer than routine messages. */
export const TOAST_MS: Record<ToastKind, number> = { success: 3000, error: 5000, warning: 10_000 };
const kindClass: Record<ToastKind, string> = { success: tag.green, error: tag.red, warning: tag.orange };

export type Notify = (text: string, kind?: ToastKind) => void;
const ToastContext = createContext<Notify>(() => {});

let nextId = 1;

/** One message: announced (status, or alert for errors and warnings), with its own close button. */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
  const t = useT();
  return (
    <div role={toast.kind === 'success' ? 'status' : 'alert'} className={`${tag.base} ${kindClass[toast.kind]} items-start gap-2 px-4 py-2 text-sm shadow`}>
      <span data-testid={`toast-${toast.kind}`}>{toast.text}</span>
      <button type="button" onClick={onDismiss} aria-label={t('common.close')} className="-mr-2 rounded opacity-70 hover:opacity-100">
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/** A tiny toast stack, top right; `useToast()` gives the notify function. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (text, kind = 'success') => {
      const id = nextId++;
      setToasts((list) => [...list, { id, kind, text }]);
      setTimeout(() => dismiss(id), TOAST_MS[kind]);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="fixed right-4 top-16 z-[60] flex max-w-sm flex-col gap-2">
        {toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />)}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
