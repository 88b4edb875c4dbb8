import { createServer } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface JinaMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** Jina counts tokens itself; the mock charges a fixed number per input text, to make the bill exact. */
export interface JinaMockOptions {
  key: string;
  tokensPerText: number;
}

const texts = (input: unknown): unknown[] => (Array.isArray(input) ? input : [input]);

/** A real HTTP server speaking Jina's /v1/embeddings and /v1/rerank (Bearer auth, OpenAI-like shapes, usage.total_tokens). */
export async function startJinaMock(o: JinaMockOptions): Promise<JinaMock> {
  const requests: JinaMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (request.headers.authorization !== `Bearer ${o.key}`) return sendJson(response, 401, { detail: 'Unauthorized: invalid API key' });
    if (typeof body.model !== 'string') return sendJson(response, 422, { detail: 'model: field required' });
    if (request.url === '/v1/embeddings') {
      const inputs = texts(body.input);
      const tokens = inputs.length * o.tokensPerText;
      return sendJson(response, 200, { model: body.model, object: 'list', usage: { total_tokens: tokens, prompt_tokens: tokens }, data: inputs.map((_, index) => ({ object: 'embedding', index, embedding: [0.1, 0.2, 0.3] })) });
    }
    if (request.url === '/v1/rerank') {
      const documents = texts(body.documents) as string[];
      if (typeof body.query !== 'string' || documents.length === 0) return sendJson(response, 422, { detail: 'query and documents required' });
      const results = documents.map((text, index) => ({ index, document: { text }, relevance_score: 1 - index / 10 })).slice(0, Number(body.top_n ?? documents.length));
      return sendJson(response, 200, { model: body.model, usage: { total_tokens: (documents.length + 1) * o.tokensPerText }, results });
    }
    sendJson(response, 404, { detail: 'Not Found' });
  }));
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}
