import { sseFrame, type WireFamily, words } from './wire-family.js';

const difyUsage = (script: { usage: { prompt: number; completion: number } | null }) =>
  script.usage ? { usage: { prompt_tokens: script.usage.prompt, completion_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion, total_price: '0.0001', currency: 'USD', latency: 0.5 } } : {};

/** Dify's /v1/chat-messages: a blocking answer, or SSE of message events and message_end with metadata.usage. */
export const difyFamily: WireFamily = {
  streamed: (seen) => seen.body.response_mode === 'streaming',
  answer: (_seen, script) => ({ event: 'message', message_id: 'msg-matrix', conversation_id: 'conv-1', mode: 'chat', answer: script.text, metadata: { ...difyUsage(script), retriever_resources: [] }, created_at: 1 }),
  frames(_seen, script) {
    const event = (data: object) => sseFrame({ conversation_id: 'conv-1', message_id: 'msg-matrix', created_at: 1, ...data });
    return ['event: ping\n\n', ...words(script.text).map((answer) => event({ event: 'message', answer })), event({ event: 'message_end', metadata: { ...difyUsage(script), retriever_resources: [] } })];
  },
  error: (status, message) => ({ code: status === 429 ? 'too_many_requests' : status >= 500 ? 'internal_server_error' : 'invalid_param', message, status }),
  broken: 'data: {"event": "message", "conversation_id": "conv-1", "answer": "Par\n\n',
};

/** AI Proxy's knowledge-base /api/library/ask: no usage ever; failures are HTTP 200 with success false. */
export const aiProxyFamily: WireFamily = {
  streamed: (seen) => seen.body.stream === true,
  answer: (_seen, script) => ({ success: true, answer: script.text, documents: [], errCode: 0, message: '' }),
  frames: (seen, script) => [
    ...words(script.text).map((content) => sseFrame({ content, finish: false, model: seen.body.model, documents: [] })),
    sseFrame({ content: '', finish: true, model: seen.body.model, documents: [] }),
  ],
  error: (status, message) => ({ success: false, errCode: status === 429 ? 1429 : 1500, message }),
  errorStatus: () => 200,
  broken: 'data: {"content": "Par\n\n',
};

const FINISH = { stop: 'COMPLETE', tool_calls: 'COMPLETE', refusal: 'ERROR_TOXIC' } as const;

/** Cohere's v1 chat: billed_units are the usage; the stream is JSON lines ending in stream-end with the whole response. */
export const cohereFamily: WireFamily = {
  streamed: (seen) => seen.body.stream === true,
  answer: (_seen, script) => ({
    response_id: 'resp-matrix',
    generation_id: 'gen-matrix',
    text: script.text,
    finish_reason: FINISH[script.finish],
    meta: { api_version: { version: '1' }, ...(script.usage ? { billed_units: { input_tokens: script.usage.prompt, output_tokens: script.usage.completion } } : {}) },
  }),
  frames(seen, script) {
    const line = (event: object) => `${JSON.stringify(event)}\n`;
    return [
      line({ is_finished: false, event_type: 'stream-start', generation_id: 'gen-matrix' }),
      ...words(script.text).map((text) => line({ is_finished: false, event_type: 'text-generation', text })),
      line({ is_finished: true, event_type: 'stream-end', finish_reason: FINISH[script.finish], response: cohereFamily.answer(seen, script) }),
    ];
  },
  error: (_status, message) => ({ message }),
  broken: '{"is_finished":false,"event_type":"text-gener\n',
};
