import { type ConsoleClient, eventually } from './console-client.js';

/** What a video test asks of a gateway: its video routes with a key, a user's quota, and a task until it ends. `baseUrl` is read per call (the fixture starts in beforeAll). */
export function videoCalls(baseUrl: () => string) {
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(baseUrl() + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const quotaOf = async (user: ConsoleClient) => (await user.must<{ quota: number }>('GET', '/api/user/self')).quota;
  const quotaBecomes = (user: ConsoleClient, expected: number) => eventually(async () => ((await quotaOf(user)) === expected ? true : undefined), 10_000, `quota ${expected}`);
  const finished = (key: string, id: string) =>
    eventually(async () => {
      const video = (await call(key, 'GET', `/v1/videos/${id}`)).body;
      return video.status === 'completed' || video.status === 'failed' ? video : undefined;
    });
  return { call, quotaOf, quotaBecomes, finished };
}
