import { dict } from '@tollgate/wire';
import { type Translate, translate } from '../i18n';
import { storedUser, storeUser } from '../lib/stored-user';

/** A console call the server refused (`success: false`) or that failed over HTTP; `payload` is the body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The `{ success, message, data }` envelope every /api answer shares. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** Where the client reports failures (a toast) and sends an expired session (the login page). */
export interface ApiHandlers {
  notify(message: string): void;
  expired(): void;
  /** The client's own messages in the reader's language (the spec's Chinese when not given). */
  t?: Translate;
}

export interface CallOptions {
  /** Cancels the call; react-query hands one to every query function. */
  signal?: AbortSignal;
  /** Do not toast a refusal: the caller shows it in place (or it is a background poll). */
  quiet?: boolean;
}

/** The spec's Chinese until the app wires in the reader's language. */
const inChinese: Translate = (key, vars) => translate('zh', key, vars);
let handlers: ApiHandlers = { notify: () => {}, expired: () => {} };
const say: Translate = (key, vars) => (handlers.t ?? inChinese)(key, vars);

/** The app wires toasts and navigation in once; until then failures are only thrown. */
export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

/** The spec's error handler: 401 to login with expired=true, 429, 500, 405, and "错误：" for the rest. */
function httpFailure(status: number, message: string, payload: unknown, quiet: boolean): ApiError {
  if (status === 401) {
    storeUser(null);
    handlers.expired();
  } else if (!quiet) {
    if (status === 429) handlers.notify(say('api.rateLimited'));
    else if (status >= 500) handlers.notify(say('api.serverError'));
    else if (status === 405) handlers.notify(say('api.demo'));
    else handlers.notify(say('api.error', { message }));
  }
  return new ApiError(message, status, payload);
}

function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = dict();
  const user = storedUser();
  if (user) headers['New-Api-User'] = String(user.id);
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/** Calls the console API with the session cookie and `New-Api-User`; returns the whole envelope. */
export async function apiEnvelope<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Envelope<T>> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    headers: requestHeaders(hasBody),
    credentials: 'include',
    signal: options.signal,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok) throw httpFailure(response.status, payload?.message ?? response.statusText, payload, options.quiet ?? false);
  if (!payload?.success) {
    const message = payload?.message || say('api.failed');
    if (!options.quiet) handlers.notify(message);
    throw new ApiError(message, response.status, payload);
  }
  return payload;
}

/** POSTs to a streaming endpoint (the playground) with the session; HTTP failures are handled as for `api`. */
export async function apiStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(path, { method: 'POST', headers: requestHeaders(true), credentials: 'include', signal, body: JSON.stringify(body) });
  if (response.ok) return response;
  const payload = (await response.json().catch(() => null)) as { message?: string; error?: { message?: string } } | null;
  throw httpFailure(response.status, payload?.error?.message ?? payload?.message ?? response.statusText, payload, false);
}

/** GETs a download (a statement) with the session; the body as a Blob and the file name the server gave it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(path, { headers: requestHeaders(false), credentials: 'include' });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw httpFailure(response.status, payload?.message ?? response.statusText, payload, false);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await response.blob(), fileName };
}

/** Calls the console API; returns `data` or throws ApiError (already shown as a toast unless quiet). */
export async function api<T>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<T> {
  return (await apiEnvelope<T>(method, path, body, options)).data;
}

/** A query string of the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}
