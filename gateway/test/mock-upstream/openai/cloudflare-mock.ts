import { createServer, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface CloudflareMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface CloudflareMockOptions {
  accountId: string;
  token: string;
  reply: string;
  promptTokens: number;
  completionTokens: number;
}

/** Cloudflare's API error envelope. */
const cfError = (response: ServerResponse, status: number, code: number, message: string) => sendJson(response, status, { success: false, errors: [{ code, message }], messages: [], result: null });

function streamChat(response: ServerResponse, model: string, o: CloudflareMockOptions, usage: object): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({ id: 'id-cf', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  for (const content of o.reply.split(/(?<= )/)) response.write(`data: ${JSON.stringify(chunk({ content }, null))}\n\n`);
  response.write(`data: ${JSON.stringify(chunk({}, 'stop'))}\n\n`);
  response.write(`data: ${JSON.stringify({ id: 'id-cf', object: 'chat.completion.chunk', created: 1, model, choices: [], usage })}\n\n`);
  response.end('data: [DONE]\n\n');
}

/**
 * A real HTTP server speaking Workers AI's OpenAI-compatible API under
 * /client/v4/accounts/{account}/ai/v1: chat completions (plain and SSE) and embeddings. A wrong
 * account or token gets Cloudflare's error envelope, as the real API answers.
 */
export async function startCloudflareMock(o: CloudflareMockOptions): Promise<CloudflareMock> {
  const requests: CloudflareMock['requests'] = [];
  const prefix = `/client/v4/accounts/${o.accountId}/ai/v1`;
  const usage = { prompt_tokens: o.promptTokens, completion_tokens: o.completionTokens, total_tokens: o.promptTokens + o.completionTokens };
  const server = createServer(answering(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    const path = request.url ?? '';
    requests.push({ path, body });
    if (request.headers.authorization !== `Bearer ${o.token}`) return cfError(response, 401, 10000, 'Authentication error');
    if (!path.startsWith(`${prefix}/`)) return cfError(response, 404, 7003, 'Could not route to the requested account');
    const model = String(body.model);
    if (path === `${prefix}/embeddings`) {
      return sendJson(response, 200, { object: 'list', model, data: [{ object: 'embedding', index: 0, embedding: [0.5, 0.5] }], usage: { prompt_tokens: o.promptTokens, total_tokens: o.promptTokens } });
    }
    if (path !== `${prefix}/chat/completions`) return cfError(response, 404, 7000, 'No route for that URI');
    if (body.stream === true) return streamChat(response, model, o, usage);
    sendJson(response, 200, { id: 'id-cf', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: o.reply }, finish_reason: 'stop' }], usage });
  }));
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}
