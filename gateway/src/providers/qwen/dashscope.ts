import { defined, type TextReading, textMessages } from '../shared/text-chat.js';

interface DashScopeAnswer {
  request_id?: string;
  code?: string;
  message?: string;
  output?: { text?: string; finish_reason?: string; choices?: { finish_reason?: string; message?: { content?: string } }[] };
  usage?: { input_tokens?: number; output_tokens?: number };
}

/** An OpenAI chat request as a DashScope text-generation body: answers in message form, increments when streamed. */
export function dashScopeRequest(body: Record<string, unknown>): Record<string, unknown> {
  const parameters = defined({
    result_format: 'message',
    incremental_output: body.stream === true ? true : undefined,
    temperature: body.temperature,
    top_p: body.top_p,
    max_tokens: body.max_tokens ?? body.max_completion_tokens,
    seed: body.seed,
    stop: body.stop,
  });
  return { model: body.model, input: { messages: textMessages(body) }, parameters };
}

/** DashScope says "null" (a string) for a choice not finished yet. */
const finished = (reason: string | undefined) => (reason && reason !== 'null' ? (reason === 'length' ? 'length' : 'stop') : null);

/** A DashScope answer, or one SSE event (each carries the usage so far). */
export function readDashScope(upstream: unknown): TextReading {
  const answer = (upstream ?? {}) as DashScopeAnswer;
  const choice = answer.output?.choices?.[0];
  const usage = typeof answer.usage?.input_tokens === 'number' ? { promptTokens: answer.usage.input_tokens, completionTokens: answer.usage.output_tokens ?? 0 } : null;
  const text = choice?.message?.content ?? answer.output?.text ?? (answer.code ? `DashScope error ${answer.code}: ${answer.message ?? ''}` : '');
  return { id: answer.request_id, text, usage, finishReason: finished(choice?.finish_reason ?? answer.output?.finish_reason) };
}

export const readDashScopeEvent = (upstream: unknown): TextReading | null => (upstream ? readDashScope(upstream) : null);
