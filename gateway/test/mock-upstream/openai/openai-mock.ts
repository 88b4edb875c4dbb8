import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback } from '../listen.js';
import type { OpenAIMockOptions, RecordedFile, RecordedRequest } from './openai-mock-options.js';
import { surfaceHandler } from './openai-surfaces-mock.js';

/** One answer: the options, cut to the request's limit where it is below the configured length. */
type Answer = Required<OpenAIMockOptions> & { finish: 'stop' | 'length' };

/**
 * As real providers do: an answer longer than the request's max_tokens (or max_completion_tokens)
 * stops there, its usage counts that many tokens and its finish_reason is "length".
 */
function answerWithin(body: Record<string, unknown>, options: Required<OpenAIMockOptions>): Answer {
  const limit = Number(body.max_completion_tokens ?? body.max_tokens ?? Number.POSITIVE_INFINITY);
  if (options.ignoreLimits || !(limit < options.completionTokens)) return { ...options, finish: 'stop' };
  const reply = options.reply.split(/(?<= )/).slice(0, limit).join('');
  return { ...options, reply, completionTokens: limit, finish: 'length' };
}

export interface OpenAIMock {
  url: string;
  requests: RecordedRequest[];
  /** Changes the behaviour for the requests that follow. */
  configure(options: OpenAIMockOptions): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a JSON body, or a multipart form (OpenAI's file uploads) into its fields and files. */
async function readBody(request: IncomingMessage): Promise<{ body: Record<string, unknown>; files: RecordedFile[] }> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const raw = Buffer.concat(parts);
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) return { body: raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {}, files: [] };
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const body: Record<string, unknown> = {};
  const files: RecordedFile[] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string') body[field] = value;
    else files.push({ field, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { body, files };
}

/** The words of a chat request's messages. */
function promptWords(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  return messages.reduce((sum, m) => sum + (typeof m.content === 'string' ? m.content.split(/\s+/).filter(Boolean).length : 0), 0);
}

function usageOf(options: Required<OpenAIMockOptions>, body: Record<string, unknown> = {}) {
  const { completionTokens } = options;
  const promptTokens = options.countPromptWords ? promptWords(body) : options.promptTokens;
  if (options.omitUsage) return undefined;
  const reported = options.cachedTokens || options.imageTokens;
  const details = reported ? { prompt_tokens_details: { cached_tokens: options.cachedTokens, audio_tokens: 0, ...(options.imageTokens ? { image_tokens: options.imageTokens } : {}) } } : {};
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, ...details };
}

type Protocol = 'chat' | 'completions' | 'embeddings';

function protocolOf(url: string): Protocol {
  const path = url.split('?')[0] ?? '';
  if (path.endsWith('/embeddings')) return 'embeddings';
  return path.endsWith('/chat/completions') ? 'chat' : 'completions';
}

function answerJson(response: ServerResponse, protocol: Protocol, model: string, body: Record<string, unknown>, options: Answer): void {
  const created = Math.floor(Date.now() / 1000);
  const bodies: Record<Protocol, object> = {
    chat: { id: 'chatcmpl-mock', object: 'chat.completion', created, model, choices: [{ index: 0, message: { role: 'assistant', content: options.reply }, finish_reason: options.finish }], usage: usageOf(options, body) },
    completions: { id: 'cmpl-mock', object: 'text_completion', created, model, choices: [{ index: 0, text: options.reply, finish_reason: options.finish }], usage: usageOf(options) },
    embeddings: { object: 'list', model, data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5, 0.125] }], usage: options.omitUsage ? undefined : { prompt_tokens: options.promptTokens, total_tokens: options.promptTokens } },
  };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(bodies[protocol]));
}

/** Streams the reply word by word as OpenAI does, usage in a last chunk with empty choices when asked. */
async function answerStream(response: ServerResponse, protocol: Protocol, model: string, body: Record<string, unknown>, options: Answer): Promise<void> {
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
  send({ choices: [choice('', options.finish)] });
  const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage && !options.omitUsage) send({ choices: [], usage: usageOf(options, body) });
  response.end('data: [DONE]\n\n');
}

/** A real HTTP server speaking OpenAI's chat completions, completions and embeddings protocols, plain and SSE, and its other surfaces (openai-surfaces-mock.ts). */
export async function startOpenAIMock(initial: OpenAIMockOptions = {}): Promise<OpenAIMock> {
  let options: Required<OpenAIMockOptions> = { reply: 'Hello', promptTokens: 5, completionTokens: 7, latencyMs: 0, failWith: 0, omitUsage: false, audioSeconds: 3, cachedTokens: 0, imageTokens: 0, ignoreLimits: false, countPromptWords: false, ...initial };
  const requests: RecordedRequest[] = [];
  const server = createServer(answering(async (request, response) => {
    const { body, files } = await readBody(request);
    const recorded: RecordedRequest = { path: request.url ?? '', authorization: request.headers.authorization, headers: request.headers, body, files, aborted: false };
    requests.push(recorded);
    response.once('close', () => {
      recorded.aborted = !response.writableFinished;
    });
    if (options.failWith) {
      response.writeHead(options.failWith, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: { message: `mock failure ${options.failWith}`, type: 'server_error', code: null } }));
    }
    if (options.latencyMs && !body.stream) await sleep(options.latencyMs);
    const surface = surfaceHandler(request.url ?? '');
    if (surface) return surface(response, recorded, options);
    const model = typeof body.model === 'string' ? body.model : 'unknown';
    const protocol = protocolOf(request.url ?? '');
    const answer = answerWithin(body, options);
    if (body.stream) return answerStream(response, protocol, model, body, answer);
    return answerJson(response, protocol, model, body, answer);
  }));
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
