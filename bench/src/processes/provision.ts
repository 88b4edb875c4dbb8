/**
 * Sets up a fresh Tollgate through its management API, as an admin would: one OpenAI channel
 * (type 1) per mock delay, priced models, and a user with a large quota and an `sk-` key. Every
 * governance step stays on: the key is authenticated, each call takes a hold, publishes a usage
 * event and writes a log row.
 */

/** The mock delays the measurements use; each has its own channel and model. */
export const DELAYS_MS = [0, 20, 1500] as const;
export type DelayMs = (typeof DELAYS_MS)[number];

/** The model that routes to the channel of one delay. */
export const modelFor = (delayMs: number) => `bench-${delayMs}ms`;

/**
 * The model of the burst channel: no delay, and a stream's chunks sent back to back (the mock's
 * `/d0g0`), so a stream's first token can be timed at concurrency 1 without waiting 1.3 s a stream.
 */
export const BURST_MODEL = 'bench-0ms-burst';
export const BURST_PATH = '/d0g0';

/** Enough quota that no benchmark runs out, however long the soak. */
const USER_QUOTA = 1_000_000_000_000;

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

class ApiSession {
  private cookie = '';
  private userId: number | undefined;

  constructor(private readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<number> {
    const { id } = await this.must<{ id: number }>('POST', '/api/user/login', { username, password });
    this.userId = id;
    return id;
  }

  async must<T>(method: string, path: string, body?: unknown): Promise<T> {
    // A bodyless POST (the key reveal) must not claim a JSON body: fastify refuses an empty one.
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.userId !== undefined) headers['new-api-user'] = String(this.userId);
    const response = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const session = response.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (session) this.cookie = session.split(';')[0] ?? '';
    const answer = (await response.json()) as Envelope<T>;
    if (!answer.success) throw new Error(`${method} ${path} failed: ${answer.message}`);
    return answer.data;
  }
}

/** Provisions channels and a user, and returns the user's `sk-` key. */
export async function provisionTollgate(gatewayUrl: string, mockUrl: string, rootPassword: string): Promise<string> {
  const root = new ApiSession(gatewayUrl);
  await root.login('root', rootPassword);
  const ratios = JSON.stringify(Object.fromEntries([...DELAYS_MS.map((d) => modelFor(d)), BURST_MODEL].map((model) => [model, 1])));
  await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: ratios });
  await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: ratios });
  for (const delay of DELAYS_MS) {
    await root.must('POST', '/api/channel/', { name: `mock ${delay} ms`, type: 1, key: 'sk-mock', base_url: `${mockUrl}/d${delay}`, models: modelFor(delay), group: 'default' });
  }
  await root.must('POST', '/api/channel/', { name: 'mock burst', type: 1, key: 'sk-mock', base_url: `${mockUrl}${BURST_PATH}`, models: BURST_MODEL, group: 'default' });
  const user = new ApiSession(gatewayUrl);
  await user.must('POST', '/api/user/register', { username: 'bench', password: 'bench-password', password2: 'bench-password' });
  const id = await user.login('bench', 'bench-password');
  await root.must('PUT', '/api/user/', { id, quota: USER_QUOTA });
  const { id: tokenId } = await user.must<{ id: number }>('POST', '/api/token/', { name: 'bench', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
  // Token answers mask the key (as new-api's); the reveal call gives the whole key.
  const { key } = await user.must<{ key: string }>('POST', `/api/token/${tokenId}/key`);
  return `sk-${key}`;
}

/** The bench user's usage as the ledger has applied it: what it was charged, and for how many calls. */
export async function benchUserUsage(gatewayUrl: string): Promise<{ usedQuota: number; requestCount: number }> {
  const user = new ApiSession(gatewayUrl);
  await user.login('bench', 'bench-password');
  const self = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
  return { usedQuota: self.used_quota, requestCount: self.request_count };
}
