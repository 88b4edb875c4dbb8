import { storedUser, storeUser } from '../lib/stored-user';

/** A console call the server refused (`success: false`) or that failed over HTTP. */
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

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** Where the client reports failures (a toast) and sends an expired session (the login page). */
export interface ApiHandlers {
  notify(message: string): void;
  expired(): void;
}

let handlers: ApiHandlers = { notify: () => {}, expired: () => {} };

export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

/** The spec's error handler: 401 to login, 429, 500, and "错误：" for the rest. */
function httpFailure(status: number, message: string): ApiError {
  if (status === 401) {
    storeUser(null);
    handlers.expired();
  } else if (status === 429) handlers.notify('请求次数过多，请稍后再试！');
  else if (status >= 500) handlers.notify('服务器内部错误，请联系管理员！');
  else handlers.notify(`错误：${message}`);
  return new ApiError(message, status);
}

/** Calls the console API with the session cookie and `New-Api-User`; returns the whole envelope. */
export async function apiEnvelope<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  const user = storedUser();
  if (user) headers['New-Api-User'] = String(user.id);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok) throw httpFailure(response.status, payload?.message ?? response.statusText);
  if (!payload?.success) throw new ApiError(payload?.message ?? '请求失败', response.status, payload);
  return payload;
}

/** Calls the console API; returns `data` or throws ApiError. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await apiEnvelope<T>(method, path, body)).data;
}

/** A query string of the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}
