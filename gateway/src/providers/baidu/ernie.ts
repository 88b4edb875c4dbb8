import { dict } from '@tollgate/wire';
import type { Usage } from '../types.js';
import { defined, refused, type TextReading, textMessages } from '../shared/text-chat.js';

/** ERNIE's endpoint names for the models whose name is not simply lower-cased. */
const ENDPOINTS: Record<string, string> = dict({
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot': 'completions',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Lite-8K': 'ernie-lite-8k',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
});

export const ernieEndpoint = (model: string): string => ENDPOINTS[model] ?? model.toLowerCase();

interface ErnieAnswer {
  id?: string;
  result?: string;
  is_end?: boolean;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  /** ERNIE's safety signal: the turn was blocked and the caller should clear the history. */
  need_clear_history?: boolean;
  error_code?: number;
  error_msg?: string;
}

/** An OpenAI chat request as an ERNIE chat body: system prompts go in `system`, not the messages. */
export function ernieRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages = textMessages(body);
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  return defined({
    messages: messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content })),
    system: system || undefined,
    temperature: body.temperature,
    top_p: body.top_p,
    penalty_score: body.frequency_penalty,
    max_output_tokens: body.max_tokens ?? body.max_completion_tokens,
    stream: body.stream === true ? true : undefined,
    user_id: body.user,
  });
}

function ernieUsage(usage: ErnieAnswer['usage']): Usage | null {
  return typeof usage?.prompt_tokens === 'number' ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 } : null;
}

/** An ERNIE answer (an error comes as error_code/error_msg with status 200). */
export function readErnieAnswer(upstream: unknown): TextReading {
  const answer = upstream as ErnieAnswer;
  if (answer.error_code) return refused(`ERNIE error ${answer.error_code}: ${answer.error_msg ?? ''}`);
  const blocked = answer.need_clear_history === true ? { finishReason: 'content_filter' } : {};
  return { id: answer.id, text: answer.result ?? '', usage: ernieUsage(answer.usage), ...blocked };
}

/** One ERNIE stream event: a piece of the result; `is_end` closes the answer and carries usage. */
export function readErnieEvent(upstream: unknown): TextReading | null {
  if (!upstream) return null;
  const event = upstream as ErnieAnswer;
  const read = readErnieAnswer(event);
  return { ...read, finishReason: event.is_end ? (read.finishReason ?? 'stop') : null };
}
