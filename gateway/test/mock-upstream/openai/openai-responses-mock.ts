import type { ServerResponse } from 'node:http';
import type { MockOptions, RecordedRequest } from './openai-mock-options.js';

const json = (response: ServerResponse, body: object) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** Moderation: one unflagged result per input, and no usage (OpenAI reports none). */
export function answerModeration(response: ServerResponse, { body }: RecordedRequest): void {
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  const result = { flagged: false, categories: { violence: false, harassment: false }, category_scores: { violence: 0.0001, harassment: 0.0002 } };
  json(response, { id: 'modr-mock', model: body.model, results: inputs.map(() => result) });
}

/** Rerank as Jina answers: the documents by relevance, usage as total_tokens only. */
export function answerRerank(response: ServerResponse, { body }: RecordedRequest, options: MockOptions): void {
  const documents = Array.isArray(body.documents) ? body.documents : [];
  const results = documents.map((document, index) => ({ index, relevance_score: 1 / (index + 1), document: { text: typeof document === 'string' ? document : '' } }));
  json(response, { model: body.model, ...(options.omitUsage ? {} : { usage: { total_tokens: options.promptTokens } }), results: results.slice(0, Number(body.top_n ?? results.length)) });
}

function responseObject(model: string, options: MockOptions, status: 'in_progress' | 'completed') {
  const done = status === 'completed';
  const message = { type: 'message', id: 'msg_mock', status, role: 'assistant', content: done ? [{ type: 'output_text', text: options.reply, annotations: [] }] : [] };
  const usage = done && !options.omitUsage
    ? { input_tokens: options.promptTokens, input_tokens_details: { cached_tokens: 0 }, output_tokens: options.completionTokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: options.promptTokens + options.completionTokens }
    : null;
  return { id: 'resp_mock', object: 'response', created_at: Math.floor(Date.now() / 1000), status, model, output: done ? [message] : [], usage };
}

/** Streams a response as OpenAI does: named events with sequence numbers, text deltas, then response.completed with usage. */
function streamResponse(response: ServerResponse, model: string, options: MockOptions): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sequence = 0;
  const send = (type: string, data: object) => response.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
  const item = { item_id: 'msg_mock', output_index: 0, content_index: 0 };
  send('response.created', { response: responseObject(model, options, 'in_progress') });
  send('response.output_item.added', { output_index: 0, item: { type: 'message', id: 'msg_mock', status: 'in_progress', role: 'assistant', content: [] } });
  send('response.content_part.added', { ...item, part: { type: 'output_text', text: '', annotations: [] } });
  for (const delta of options.reply.split(/(?<= )/)) send('response.output_text.delta', { ...item, delta });
  send('response.output_text.done', { ...item, text: options.reply });
  send('response.completed', { response: responseObject(model, options, 'completed') });
  response.end();
}

/** The Responses API, plain or streamed. */
export function answerResponses(response: ServerResponse, { body }: RecordedRequest, options: MockOptions): void {
  const model = String(body.model ?? '');
  if (body.stream === true) return streamResponse(response, model, options);
  json(response, responseObject(model, options, 'completed'));
}

/**
 * Compaction (`/v1/responses/compact`) as OpenAI answers it: the user's messages kept, then one
 * compaction item carrying the encrypted summary, and the pass's usage (cached input included).
 */
export function answerCompaction(response: ServerResponse, { body }: RecordedRequest, options: MockOptions): void {
  const messages = Array.isArray(body.input) ? body.input : [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: String(body.input ?? '') }] }];
  const kept = messages.filter((item) => (item as { role?: unknown }).role === 'user').map((item, index) => ({ id: `msg_kept_${index}`, type: 'message', ...(item as object) }));
  const usage = {
    input_tokens: options.promptTokens,
    input_tokens_details: { cached_tokens: options.cachedTokens },
    output_tokens: options.completionTokens,
    output_tokens_details: { reasoning_tokens: options.completionTokens },
    total_tokens: options.promptTokens + options.completionTokens,
  };
  const compaction = { id: 'cmp_mock', type: 'compaction', encrypted_content: Buffer.from(options.reply).toString('base64') };
  json(response, { id: 'resp_compact_mock', object: 'response.compaction', created_at: Math.floor(Date.now() / 1000), output: [...kept, compaction], ...(options.omitUsage ? {} : { usage }) });
}
