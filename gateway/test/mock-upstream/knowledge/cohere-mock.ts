import { createServer, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface CohereMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface CohereMockOptions {
  key: string;
  reply: string;
  inputTokens: number;
  outputTokens: number;
}

const ROLES = new Set(['USER', 'CHATBOT', 'SYSTEM']);

/** What Cohere's v1 chat refuses: no message, or a history turn with an unknown role or no text. */
function chatProblem(body: Record<string, unknown>): string | null {
  if (typeof body.message !== 'string' || !body.message) return 'message is required';
  const history = (body.chat_history ?? []) as { role?: string; message?: unknown }[];
  if (!Array.isArray(history) || history.some((turn) => !ROLES.has(turn.role ?? '') || typeof turn.message !== 'string')) return 'invalid chat_history';
  return null;
}

function answer(o: CohereMockOptions) {
  return { response_id: 'resp_mock', generation_id: 'gen_mock', text: o.reply, finish_reason: 'COMPLETE', meta: { api_version: { version: '1' }, billed_units: { input_tokens: o.inputTokens, output_tokens: o.outputTokens } } };
}

/** v1 chat streaming: JSON lines (application/stream+json), text-generation events, stream-end with the whole response. */
function streamLines(response: ServerResponse, o: CohereMockOptions): void {
  response.writeHead(200, { 'content-type': 'application/stream+json' });
  const line = (event: object) => response.write(`${JSON.stringify(event)}\n`);
  line({ is_finished: false, event_type: 'stream-start', generation_id: 'gen_mock' });
  for (const text of o.reply.split(/(?<= )/)) line({ is_finished: false, event_type: 'text-generation', text });
  line({ is_finished: true, event_type: 'stream-end', finish_reason: 'COMPLETE', response: answer(o) });
  response.end();
}

/** Cohere v1 rerank: results by relevance, billed in search units (no tokens). */
function rerank(body: { query?: string; documents?: string[]; top_n?: number }) {
  const documents = body.documents ?? [];
  const results = documents.map((text, index) => ({ index, relevance_score: 1 / (index + 1), document: { text } })).slice(0, body.top_n ?? documents.length);
  return { id: 'rerank_mock', results, meta: { api_version: { version: '1' }, billed_units: { search_units: 1 } } };
}

/** What Cohere's v1 embed refuses: no texts, texts that are not strings, a v3 model without input_type. */
function embedProblem(body: Record<string, unknown>): string | null {
  if (!Array.isArray(body.texts) || body.texts.length === 0 || body.texts.some((text) => typeof text !== 'string')) return 'invalid request: texts must be a non-empty list of strings';
  if (/-v3\.0$/.test(String(body.model)) && typeof body.input_type !== 'string') return 'invalid request: valid input_type must be provided with the provided model';
  return null;
}

/** v1 embed without embedding_types: one float vector per text (its index last), billed in input tokens. */
function embed(body: { texts: string[] }, o: CohereMockOptions) {
  const embeddings = body.texts.map((_, index) => [0.5, -0.25, index]);
  return { id: 'embed_mock', embeddings, texts: body.texts, response_type: 'embeddings_floats', meta: { api_version: { version: '1' }, billed_units: { input_tokens: o.inputTokens } } };
}

/** A real HTTP server speaking Cohere's v1 chat (plain and JSON-lines stream), v1 embed and v1 rerank, Bearer auth. */
export async function startCohereMock(o: CohereMockOptions): Promise<CohereMock> {
  const requests: CohereMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (request.headers.authorization !== `Bearer ${o.key}`) return sendJson(response, 401, { message: 'invalid api token' });
    if (request.url === '/v1/rerank') return sendJson(response, 200, rerank(body));
    if (request.url === '/v1/embed') {
      const problem = embedProblem(body);
      return problem ? sendJson(response, 400, { message: problem }) : sendJson(response, 200, embed(body as { texts: string[] }, o));
    }
    if (request.url !== '/v1/chat') return sendJson(response, 404, { message: 'Not Found' });
    const problem = chatProblem(body);
    if (problem) return sendJson(response, 400, { message: problem });
    if (body.stream === true) return streamLines(response, o);
    sendJson(response, 200, answer(o));
  }));
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}
