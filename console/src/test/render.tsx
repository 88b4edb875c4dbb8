import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../i18n';

/** Renders a page with the providers the app gives it. */
export function renderPage(page: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** Answers fetch with the envelope for each path prefix; records the calls. */
export function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const match = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    const data = match === undefined ? null : answers[match];
    return new Response(JSON.stringify({ success: match !== undefined, message: '', data }), { status: 200 });
  }) as typeof fetch;
  return calls;
}
