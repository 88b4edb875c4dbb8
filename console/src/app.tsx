import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setApiHandlers } from './api/client';
import { ToastProvider, useToast } from './components/ui/toast';
import { I18nProvider } from './i18n';
import { routes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Sends API failures to toasts and an expired session to the login page. */
function ApiHandlers({ navigate }: { navigate(path: string): void }) {
  const notify = useToast();
  useEffect(() => setApiHandlers({ notify: (text) => notify(text, 'error'), expired: () => navigate('/login?expired=true') }), [notify, navigate]);
  return null;
}

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <ApiHandlers navigate={(path) => void router.navigate(path)} />
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
