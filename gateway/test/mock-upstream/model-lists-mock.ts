import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, sendJson } from './listen.js';

/** What the upstream holds: its key, its models, and the most it answers in one page (below what a client asks). */
export interface ModelListAccount {
  key: string;
  models: string[];
  pageCap: number;
}

export interface ModelListMock {
  url: string;
  /** Every request: its path with its query, and the headers that carry credentials. */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** A page of `models` from `offset`: at most what the client asked and the server allows. */
function pageOf(account: ModelListAccount, offset: number, asked: string | null, fallback: number) {
  const size = Math.min(Number(asked) || fallback, account.pageCap);
  return { page: account.models.slice(offset, offset + size), more: offset + size < account.models.length, end: offset + size };
}

/** Gemini's models.list: the key as ?key= or x-goog-api-key; pageSize (default 50) and an opaque nextPageToken. */
function gemini(account: ModelListAccount, url: URL, request: IncomingMessage, response: ServerResponse) {
  const key = url.searchParams.get('key') ?? request.headers['x-goog-api-key'];
  if (key !== account.key) return sendJson(response, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
  const token = url.searchParams.get('pageToken');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
  const { page, more, end } = pageOf(account, offset, url.searchParams.get('pageSize'), 50);
  const models = page.map((id) => ({ name: `models/${id}`, version: '001', displayName: id, supportedGenerationMethods: ['generateContent'] }));
  sendJson(response, 200, { models, ...(more ? { nextPageToken: Buffer.from(String(end)).toString('base64url') } : {}) });
}

/** Anthropic's GET /v1/models: x-api-key and anthropic-version required; limit (default 20), after_id, has_more, first_id, last_id. */
function claude(account: ModelListAccount, url: URL, request: IncomingMessage, response: ServerResponse) {
  if (request.headers['x-api-key'] !== account.key) return sendJson(response, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
  if (!request.headers['anthropic-version']) return sendJson(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' } });
  const after = url.searchParams.get('after_id');
  const offset = after ? account.models.indexOf(after) + 1 : 0;
  const { page, more } = pageOf(account, offset, url.searchParams.get('limit'), 20);
  const data = page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
  sendJson(response, 200, { data, has_more: more, first_id: page[0] ?? null, last_id: page.at(-1) ?? null });
}

const bearer = (account: ModelListAccount, request: IncomingMessage) => request.headers.authorization === `Bearer ${account.key}`;

/** Ollama's GET /api/tags: every local model, one page; a bearer only when the server sits behind a key. */
function ollama(account: ModelListAccount, request: IncomingMessage, response: ServerResponse) {
  if (account.key && !bearer(account, request)) return sendJson(response, 401, { error: 'unauthorized' });
  const models = account.models.map((name) => ({ name, model: name, modified_at: '2025-01-01T00:00:00Z', size: 1, digest: 'sha256:0', details: { format: 'gguf' } }));
  sendJson(response, 200, { models });
}

/** An OpenAI-protocol list (DashScope's compatible mode, Zhipu v4 with its JWT in Authorization, every OpenAI-compatible upstream). */
function openAIList(account: ModelListAccount, request: IncomingMessage, response: ServerResponse) {
  if (!request.headers.authorization) return sendJson(response, 401, { error: { message: 'missing key', code: 'invalid_api_key' } });
  sendJson(response, 200, { object: 'list', data: account.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'system' })) });
}

/**
 * A real HTTP server answering each provider's own model list call: Gemini (`/v1beta/models`),
 * Claude (`/v1/models` with x-api-key), Ollama (`/api/tags`), Alibaba's compatible mode and Zhipu
 * v4 (OpenAI's shape under their paths), with each protocol's credentials and pagination.
 */
export async function startModelListMock(account: ModelListAccount): Promise<ModelListMock> {
  const requests: ModelListMock['requests'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    requests.push({ path: url.pathname + url.search, headers: request.headers });
    if (url.pathname === '/v1beta/models') return gemini(account, url, request, response);
    if (url.pathname === '/v1/models' && request.headers['x-api-key'] !== undefined) return claude(account, url, request, response);
    if (url.pathname === '/api/tags') return ollama(account, request, response);
    if (['/v1/models', '/compatible-mode/v1/models', '/api/paas/v4/models'].includes(url.pathname)) {
      if (url.pathname !== '/api/paas/v4/models' && !bearer(account, request)) return sendJson(response, 401, { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } });
      return openAIList(account, request, response);
    }
    sendJson(response, 404, { error: { message: `Unknown request URL: GET ${url.pathname}` } });
  });
  return { ...(await listenOnLoopback(server)), requests };
}
