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
  /** Cookie name to value: the session, and the pending two-factor sign-in between its two steps. */
  private readonly cookies = new Map<string, string>();
  userId: number | null = null;

  constructor(private readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<Envelope<{ id: number; role: number; default_password?: boolean }>> {
    const response = await this.send('POST', '/api/user/login', { username, password });
    const body = (await response.json()) as Envelope<{ id: number; role: number; default_password?: boolean }>;
    if (body.success && body.data.id !== undefined) this.userId = body.data.id;
    return body;
  }

  /** The sign-in's second step, after a login that answered `require_2fa`. */
  async loginSecondFactor(code: string): Promise<Envelope<{ id: number; role: number }>> {
    const body = await this.call<{ id: number; role: number }>('POST', '/api/user/login/2fa', { code });
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
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.userId !== null) headers['new-api-user'] = String(this.userId);
    if (userHeader !== undefined) headers['new-api-user'] = userHeader;
    const response = await fetch(this.baseUrl + path, { method, headers, body: text });
    for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie.split(';')[0] ?? '');
    return response;
  }

  private keep(pair: string): void {
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (value) this.cookies.set(name, value);
    else this.cookies.delete(name);
  }

  sessionCookie(): string {
    const value = this.cookies.get('session');
    return value ? `session=${value}` : '';
  }
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`; many pollers at once may poll less often. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, what = 'condition', intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last !== undefined) return last;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A token's whole key with `sk-`, through the reveal call: lists and other token answers mask it, as new-api's. */
export async function revealTokenKey(client: ConsoleClient, tokenId: number): Promise<string> {
  return `sk-${(await client.must<{ key: string }>('POST', `/api/token/${tokenId}/key`)).key}`;
}

/** Creates a token with `fields` and answers its id and whole `sk-` key (the create answer masks the key). */
/**
 * A user who signed up at `url` with `password-1`, given `quota` by root, and an unlimited key of
 * theirs: the caller of most tests that bill through a running Tollgate.
 */
export async function userWithKey(url: string, root: ConsoleClient, username: string, quota = 100_000_000): Promise<{ user: ConsoleClient; key: string }> {
  const user = new ConsoleClient(url);
  await user.must('POST', '/api/user/register', { username, password: 'password-1', password2: 'password-1' });
  await user.login(username, 'password-1');
  const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
  await root.must('PUT', '/api/user/', { id, quota });
  const { key } = await createTokenKey(user, { name: 'k', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
  return { user, key };
}

export async function createTokenKey(client: ConsoleClient, fields: object): Promise<{ id: number; key: string }> {
  const { id } = await client.must<{ id: number }>('POST', '/api/token/', fields);
  return { id, key: await revealTokenKey(client, id) };
}
