import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { ApiHandlers } from '../api/api-handlers';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../i18n';
import { routes } from '../routes';

const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ToastProvider>{children}</ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

function RouterApiHandlers() {
  const navigate = useNavigate();
  return <ApiHandlers navigate={navigate} />;
}

/** Renders a page with the providers the app gives it, API failures wired to toasts. */
export function renderPage(page: ReactNode, path = '/', client = testClient()) {
  return render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>
        <RouterApiHandlers />
        {page}
      </MemoryRouter>
    </Providers>,
  );
}

/** Renders the whole route table (layout included) at a path; returns the router to inspect. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers client={testClient()}>
      <ApiHandlers navigate={(to) => void router.navigate(to)} />
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

export interface StubCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/** A whole stubbed reply: HTTP status, envelope fields, and `fields` answered beside them (as the channel test's `time`). Any other stub value is `data` of a success. */
export interface StubReply {
  reply: { status?: number; success?: boolean; message?: string; data?: unknown; fields?: Record<string, unknown> };
}

const isReply = (answer: unknown): answer is StubReply => typeof answer === 'object' && answer !== null && 'reply' in answer;

/** Answers fetch by the longest matching "METHOD path-prefix" or "path-prefix" key; records the calls. */
export function stubApi(answers: Record<string, unknown>) {
  const calls: StubCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) });
    const keys = Object.keys(answers).filter((key) => (key.includes(' ') ? `${method} ${url}` : url).startsWith(key));
    const match = keys.sort((a, b) => b.length - a.length)[0];
    if (match === undefined) return Response.json({ success: false, message: `no stub for ${method} ${url}`, data: null });
    const answer = answers[match];
    const reply = isReply(answer) ? answer.reply : { data: answer };
    return Response.json({ ...reply.fields, success: reply.success ?? true, message: reply.message ?? '', data: reply.data ?? null }, { status: reply.status ?? 200 });
  }) as typeof fetch;
  return calls;
}

/** Signs a user in the way the console remembers one. */
export function signIn(role = 1, id = 2) {
  localStorage.setItem('user', JSON.stringify({ id, username: `user${id}`, role }));
}
