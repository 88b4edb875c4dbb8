import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './listen.js';

export interface OpenAIMockOptions {
  reply?: string;
  promptTokens?: number;
  completionTokens?: number;
  /** Milliseconds before the answer (and between stream chunks). */
  latencyMs?: number;
  /** Answer every request with this status and an OpenAI error body. */
  failWith?: number;
  /** Report no usage at all (JSON without `usage`, no usage chunk even when asked), as some upstreams do. */
  omitUsage?: boolean;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The caller hung up before the answer was complete. */
  aborted: boolean;
}

export interface OpenAIMock {
  url: string;
  requests: RecordedRequest[];
  /** Changes the behaviour for the requests that follow. */
  configure(options: OpenAIMockOptions): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function usageOf(options: Required<OpenAIMockOptions>) {
  const { promptTokens, completionTokens } = options;
  if (options.omitUsage) return undefined;
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
}

type Protocol = 'chat' | 'completions' | 'embeddings';

function protocolOf(url: string): Protocol {
  const path = url.split('?')[0] ?? '';
  if (path.endsWith('/embeddings')) return 'embeddings';
  return path.endsWith('/chat/completions') ? 'chat' : 'completions';
}

function answerJson(response: ServerResponse, protocol: Protocol, model: string, options: Required<OpenAIMockOptions>): void {
  const created = Math.floor(Date.now() / 1000);
  const bodies: Record<Protocol, object> = {
    chat: { id: 'chatcmpl-mock', object: 'chat.completion', created, model, choices: [{ index: 0, message: { role: 'assistant', content: options.reply }, finish_reason: 'stop' }], usage: usageOf(options) },
    completions: { id: 'cmpl-mock', object: 'text_completion', created, model, choices: [{ index: 0, text: options.reply, finish_reason: 'stop' }], usage: usageOf(options) },
    embeddings: { object: 'list', model, data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5, 0.125] }], usage: options.omitUsage ? undefined : { prompt_tokens: options.promptTokens, total_tokens: options.promptTokens } },
  };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(bodies[protocol]));
}

/** Streams the reply word by word as OpenAI does, usage in a last chunk with empty choices when asked. */
async function answerStream(response: ServerResponse, protocol: Protocol, model: string, body: Record<string, unknown>, options: Required<OpenAIMockOptions>): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chat = protocol === 'chat';
  const base = { id: 'chatcmpl-mock', object: chat ? 'chat.completion.chunk' : 'text_completion', created: Math.floor(Date.now() / 1000), model };
  const send = (chunk: object) => response.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
  const choice = (text: string, finish: string | null) => (chat ? { index: 0, delta: text ? { content: text } : {}, finish_reason: finish } : { index: 0, text, finish_reason: finish });
  if (chat) send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const piece of options.reply.split(/(?<= )/)) {
    if (options.latencyMs) await sleep(options.latencyMs);
    send({ choices: [choice(piece, null)] });
  }
  send({ choices: [choice('', 'stop')] });
  const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage && !options.omitUsage) send({ choices: [], usage: usageOf(options) });
  response.end('data: [DONE]\n\n');
}

/** A real HTTP server speaking OpenAI's chat completions, completions and embeddings protocols, plain and SSE. */
export async function startOpenAIMock(initial: OpenAIMockOptions = {}): Promise<OpenAIMock> {
  let options: Required<OpenAIMockOptions> = { reply: 'Hello', promptTokens: 5, completionTokens: 7, latencyMs: 0, failWith: 0, omitUsage: false, ...initial };
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const recorded: RecordedRequest = { path: request.url ?? '', authorization: request.headers.authorization, headers: request.headers, body, aborted: false };
    requests.push(recorded);
    response.once('close', () => {
      recorded.aborted = !response.writableFinished;
    });
    if (options.failWith) {
      response.writeHead(options.failWith, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: { message: `mock failure ${options.failWith}`, type: 'server_error', code: null } }));
    }
    if (options.latencyMs && !body.stream) await sleep(options.latencyMs);
    const model = typeof body.model === 'string' ? body.model : 'unknown';
    const protocol = protocolOf(request.url ?? '');
    if (body.stream) return answerStream(response, protocol, model, body, options);
    return answerJson(response, protocol, model, options);
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    requests,
    configure: (next) => {
      options = { ...options, ...next };
    },
    close: listening.close,
  };
}
