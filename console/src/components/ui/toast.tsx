import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
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
        {toasts.map((t) => (
          <button
            type="button"
            key={t.id}
            role={t.kind === 'success' ? 'status' : 'alert'}
            data-testid={`toast-${t.kind}`}
            onClick={() => dismiss(t.id)}
            className={`${tag.base} ${kindClass[t.kind]} px-4 py-2 text-left text-sm shadow`}
          >
            {t.text}
          </button>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
