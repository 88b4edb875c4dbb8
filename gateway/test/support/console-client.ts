/** The envelope every console call answers with. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/**
 * Talks to the management API as the console does: keeps the `session` cookie and sends
 * `New-Api-User` with every call once logged in.
 */
export class ConsoleClient {
  private cookie = '';
  userId: number | null = null;

  constructor(private readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<Envelope<{ id: number; role: number; default_password?: boolean }>> {
    const response = await this.send('POST', '/api/user/login', { username, password });
    const body = (await response.json()) as Envelope<{ id: number; role: number; default_password?: boolean }>;
    if (body.success) this.userId = body.data.id;
    return body;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const response = await this.send(method, path, body);
    return (await response.json()) as Envelope<T>;
  }

  /** Like `call`, but fails the test when the server says no. */
  async must<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (!answer.success) throw new Error(`${method} ${path} failed: ${answer.message}`);
    return answer.data;
  }

  async send(method: string, path: string, body?: unknown): Promise<Response> {
    return this.sendRaw(method, path, body === undefined ? undefined : JSON.stringify(body));
  }

  /** Sends `text` as a JSON body as it is, JSON or not, and `userHeader` as New-Api-User when given (fuzzing). */
  async sendRaw(method: string, path: string, text?: string, userHeader?: string): Promise<Response> {
    const headers: Record<string, string> = {};
    if (text !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    if (this.userId !== null) headers['new-api-user'] = String(this.userId);
    if (userHeader !== undefined) headers['new-api-user'] = userHeader;
    const response = await fetch(this.baseUrl + path, { method, headers, body: text });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    return response;
  }

  sessionCookie(): string {
    return this.cookie;
  }
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last !== undefined) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
