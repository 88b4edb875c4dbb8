import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readText, sendJson } from './listen.js';

export interface FastGptMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface FastGptMockOptions {
  apiKey: string;
  appId: string;
  reply: string;
  promptTokens: number;
  completionTokens: number;
}

function stream(response: ServerResponse, o: FastGptMockOptions, usage: object): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finish: string | null) => ({ id: '', object: '', created: 0, model: '', choices: [{ index: 0, delta, finish_reason: finish }] });
  for (const content of o.reply.split(/(?<= )/)) response.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content }, null))}\n\n`);
  response.write(`data: ${JSON.stringify({ ...chunk({}, 'stop'), usage })}\n\n`);
  response.end('data: [DONE]\n\n');
}

/**
 * A real HTTP server speaking FastGPT's OpenAI-compatible /api/openapi/v1/chat/completions: the
 * API key as Bearer, and the app the key opens named by appId in the body.
 */
export async function startFastGptMock(o: FastGptMockOptions): Promise<FastGptMock> {
  const requests: FastGptMock['requests'] = [];
  const usage = { prompt_tokens: o.promptTokens, completion_tokens: o.completionTokens, total_tokens: o.promptTokens + o.completionTokens };
  const server = createServer(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (request.headers.authorization !== `Bearer ${o.apiKey}`) return sendJson(response, 401, { code: 514, statusText: 'unAuthApiKey', message: 'Api Key is invalid' });
    if (body.appId !== o.appId) return sendJson(response, 404, { code: 404, statusText: 'appUnExist', message: 'App does not exist' });
    if (request.url !== '/api/openapi/v1/chat/completions') return sendJson(response, 404, { code: 404, message: 'not found' });
    if (body.stream === true) return stream(response, o, usage);
    sendJson(response, 200, { id: '', model: '', usage, choices: [{ message: { role: 'assistant', content: o.reply }, finish_reason: 'stop', index: 0 }] });
  });
  const listening = await listenOnLoopback(server);
  return { url: `${listening.url}/api/openapi`, requests, close: listening.close };
}
