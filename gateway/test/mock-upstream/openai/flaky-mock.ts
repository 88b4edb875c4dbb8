import { createServer } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../listen.js';

/**
 * An OpenAI chat upstream that, while `failing`, answers every other call 500 (the breaker's chaos
 * test), and answers 500 every call made with a key in `failingKeys` (one bad key of several).
 */
export interface FlakyMock {
  url: string;
  /** Half the calls fail while set; all succeed while not. */
  failing: boolean;
  /** Keys (the bearer's) whose every call fails. */
  failingKeys: Set<string>;
  /** When each call arrived (ms since the epoch), with which key, and how it was answered. */
  calls: { at: number; key: string; status: number }[];
  close(): Promise<void>;
}

export async function startFlakyMock(): Promise<FlakyMock> {
  let count = 0;
  const mock = {
    url: '',
    failing: false,
    failingKeys: new Set<string>(),
    calls: [] as FlakyMock['calls'],
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const at = Date.now();
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    readText(request).then(() => {
      const fail = mock.failingKeys.has(key) || (mock.failing && count++ % 2 === 0);
      mock.calls.push({ at, key, status: fail ? 500 : 200 });
      if (fail) return sendJson(response, 500, { error: { message: 'flaky upstream failure', type: 'server_error', code: null } });
      const created = Math.floor(at / 1000);
      sendJson(response, 200, {
        id: 'chatcmpl-flaky', object: 'chat.completion', created, model: 'mock-model',
        choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
      });
    }, () => response.destroy());
  });
  const listening = await listenOnLoopback(server);
  mock.url = listening.url;
  mock.close = listening.close;
  return mock;
}
