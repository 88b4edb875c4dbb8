import { useEffect } from 'react';
import { useToast } from '../components/ui/toast';
import { useT } from '../i18n';
import { setApiHandlers } from './client';

/** Wires the API client's failures to error toasts and an expired session to /login?expired=true. */
export function ApiHandlers({ navigate }: { navigate(path: string): void }) {
  const notify = useToast();
  const t = useT();
  useEffect(() => setApiHandlers({ notify: (text) => notify(text, 'error'), expired: () => navigate('/login?expired=true'), t }), [notify, navigate, t]);
  return null;
}
