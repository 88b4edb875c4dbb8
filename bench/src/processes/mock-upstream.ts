import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { listenAndAnnounce } from './announced-server.js';

/**
 * The benchmarks' OpenAI upstream, run as a process of its own so its CPU is not the harness's
 * or the gateway's. No framework and answers prepared once: the mock must be much faster than
 * what it measures, or every ratio is a measure of the mock.
 *
 * The delay comes from the path prefix (`/d0`, `/d20`, `/d1500`, any `/d<ms>`), so one mock
 * serves every mode and a channel picks its mode by its base URL; without a prefix it is
 * MOCK_DELAY_MS. `stream: true` answers 64 SSE chunks paced MOCK_STREAM_GAP_MS (20) apart after
 * the delay, then a usage chunk and `[DONE]`; a `g<ms>` after the delay (`/d0g0`) sets the pace
 * for that path (0: one chunk a turn of the event loop, so a whole stream takes about a millisecond).
 */
export const STREAM_CHUNKS = 64;
export const USAGE = { prompt_tokens: 8, completion_tokens: 16, total_tokens: 24 };

const CHAT_PATH = '/v1/chat/completions';

export interface MockSettings {
  defaultDelayMs: number;
  streamGapMs: number;
}

const jsonAnswer = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 0,
    model: 'bench',
    choices: [{ index: 0, message: { role: 'assistant', content: 'sixteen tokens of benchmark answer text' }, finish_reason: 'stop' }],
    usage: USAGE,
  }),
);

const sseEvent = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const contentChunk = sseEvent({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta: { content: 'tok ' }, finish_reason: null }] });
const usageChunk = sseEvent({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [], usage: USAGE });

/** `/d20/v1/chat/completions` -> 20; the bare path -> the default; anything else -> undefined. */
export function delayOfPath(path: string, defaultDelayMs: number): number | undefined {
  if (path === CHAT_PATH) return defaultDelayMs;
  const match = /^\/d(\d+)(?:g\d+)?\/v1\/chat\/completions$/.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** `/d0g0/v1/chat/completions` -> 0; a path without `g<ms>` -> the default pace. */
export function streamGapOfPath(path: string, defaultGapMs: number): number {
  const match = /^\/d\d+g(\d+)\//.exec(path);
  return match ? Number(match[1]) : defaultGapMs;
}

const after = (ms: number, run: () => void) => (ms > 0 ? setTimeout(run, ms) : setImmediate(run));

function answerJson(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': jsonAnswer.length });
  response.end(jsonAnswer);
}

function answerStream(response: ServerResponse, gapMs: number): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sent = 0;
  const next = () => {
    if (response.destroyed) return;
    response.write(contentChunk);
    sent += 1;
    if (sent < STREAM_CHUNKS) {
      after(gapMs, next);
      return;
    }
    response.end(`${usageChunk}data: [DONE]\n\n`);
  };
  next();
}

async function handle(request: IncomingMessage, response: ServerResponse, settings: MockSettings): Promise<void> {
  const delayMs = request.method === 'POST' ? delayOfPath(request.url ?? '', settings.defaultDelayMs) : undefined;
  if (delayMs === undefined) {
    response.writeHead(404).end();
    return;
  }
  let raw = '';
  for await (const part of request) raw += part;
  // The only field read: a cheap substring test, since parsing every body costs the mock time.
  const stream = /"stream"\s*:\s*true/.test(raw);
  const gapMs = streamGapOfPath(request.url ?? '', settings.streamGapMs);
  after(delayMs, () => (stream ? answerStream(response, gapMs) : answerJson(response)));
}

export function createMockUpstream(settings: MockSettings): Server {
  const server = createServer((request, response) => {
    handle(request, response, settings).catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/** The mock process's whole configuration: the harness starts it with these variables, and this is their only reader. */
function configFromEnv(env: NodeJS.ProcessEnv): { port: number; settings: MockSettings } {
  return { port: Number(env.MOCK_PORT ?? 0), settings: { defaultDelayMs: Number(env.MOCK_DELAY_MS ?? 0), streamGapMs: Number(env.MOCK_STREAM_GAP_MS ?? 20) } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { port: requestedPort, settings } = configFromEnv(process.env);
  const server = createMockUpstream(settings);
  listenAndAnnounce(server, requestedPort);
}
