import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { tag } from './tokens';

type Kind = 'success' | 'error' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

const SHOW_FOR_MS = 4000;
const kindClass: Record<Kind, string> = { success: tag.green, error: tag.red, warning: tag.orange };

type Notify = (text: string, kind?: Kind) => void;
const ToastContext = createContext<Notify>(() => {});

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback<Notify>((text, kind = 'success') => {
    const id = nextId++;
    setToasts((list) => [...list, { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), SHOW_FOR_MS);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="fixed right-4 top-16 z-[60] flex flex-col gap-2">
        {toasts.map((t) => (
          <div key={t.id} role="status" className={`${tag.base} ${kindClass[t.kind]} px-4 py-2 text-sm shadow`}>
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
