import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ApiHandlers } from './api/api-handlers';
import { ToastProvider } from './components/ui/toast';
import { I18nProvider } from './i18n';
import { routes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  const navigate = useMemo(() => (path: string) => void router.navigate(path), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <ApiHandlers navigate={navigate} />
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
