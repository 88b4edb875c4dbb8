import { responsesAnswerText, responsesEventText } from '../shared/completion-text.js';
import type { AnswerReader, Usage } from '../types.js';

interface ResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number } | null;
}

interface ResponsesEvent {
  type?: string;
  response?: { usage?: ResponsesUsage | null };
}

function readUsage(usage: ResponsesUsage | null | undefined): Usage | null {
  if (!usage || typeof usage.input_tokens !== 'number') return null;
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  return { promptTokens: usage.input_tokens, completionTokens: usage.output_tokens ?? 0, ...(cached > 0 ? { cachedPromptTokens: cached } : {}) };
}

/** The events that close a response stream, each carrying the whole response with its usage. */
const CLOSING_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * Reads OpenAI's Responses API as it passes through: usage is `input_tokens`/`output_tokens` (of which `input_tokens_details.cached_tokens` read from the cache), in
 * the answer, or in the stream's closing event (`response.completed`).
 */
export const responsesReader: AnswerReader = {
  usageOfAnswer: (answer) => readUsage((answer as { usage?: ResponsesUsage | null } | null)?.usage),
  usageOfChunk: (chunk) => {
    const event = chunk as ResponsesEvent | null;
    return event?.type && CLOSING_EVENTS.has(event.type) ? readUsage(event.response?.usage) : null;
  },
  textOfChunk: responsesEventText,
  textOfAnswer: responsesAnswerText,
};
