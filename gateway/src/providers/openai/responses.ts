import { responsesAnswerText, responsesEventText } from '../shared/completion-text.js';
import type { AnswerReader, ToolCalls, Usage } from '../types.js';

interface ResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number } | null;
}

/** A response as its answer or a closing event carries it: the usage, and the output items (the server tools it ran among them). */
interface ResponsesBody {
  usage?: ResponsesUsage | null;
  output?: Array<{ type?: string }> | null;
}

interface ResponsesEvent {
  type?: string;
  response?: ResponsesBody;
}

/** Output item types that are server tool calls, priced per call under new-api's tool names. */
const TOOL_ITEMS: Readonly<Record<string, keyof ToolCalls>> = { web_search_call: 'web_search_preview', file_search_call: 'file_search' };

function toolCallsOf(output: ResponsesBody['output']): ToolCalls | null {
  const calls: ToolCalls = {};
  for (const item of Array.isArray(output) ? output : []) {
    const tool = item && typeof item.type === 'string' && Object.hasOwn(TOOL_ITEMS, item.type) ? TOOL_ITEMS[item.type] : undefined;
    if (tool) calls[tool] = (calls[tool] ?? 0) + 1;
  }
  return Object.keys(calls).length > 0 ? calls : null;
}

function readResponse(body: ResponsesBody | null | undefined): Usage | null {
  const usage = body?.usage;
  if (!usage || typeof usage.input_tokens !== 'number') return null;
  const read: Usage = { promptTokens: usage.input_tokens, completionTokens: usage.output_tokens ?? 0 };
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  if (cached > 0) read.cachedPromptTokens = Math.min(cached, usage.input_tokens);
  const calls = toolCallsOf(body.output);
  if (calls) read.toolCalls = calls;
  return read;
}

/** The events that close a response stream, each carrying the whole response with its usage. */
const CLOSING_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * Reads OpenAI's Responses API as it passes through: usage is `input_tokens`/`output_tokens` (with
 * the cached input), and each web or file search call among the output items, in the answer or in
 * the stream's closing event (`response.completed`).
 */
export const responsesReader: AnswerReader = {
  usageOfAnswer: (answer) => readResponse(answer as ResponsesBody | null),
  usageOfChunk: (chunk) => {
    const event = chunk as ResponsesEvent | null;
    return event?.type && CLOSING_EVENTS.has(event.type) ? readResponse(event.response) : null;
  },
  textOfChunk: responsesEventText,
  textOfAnswer: responsesAnswerText,
};
