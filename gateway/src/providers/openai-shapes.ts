import type { Usage } from './types.js';

/**
 * OpenAI's chat wire format, the one home of its shapes: every provider that translates to it
 * writes its answers and chunks here, and the Claude and Gemini surfaces read them through the
 * types below.
 */

/** Usage in OpenAI's shape; absent when the upstream reported none. */
export const openAIUsage = (usage: Usage | null) =>
  usage ? { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens } : undefined;

/** A whole OpenAI chat completion with one choice. */
export function chatCompletion(id: string, model: string, message: object, finish: string | null, usage: Usage | null): object {
  return { id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message, finish_reason: finish }], usage: openAIUsage(usage) };
}

/** A whole OpenAI chat completion with one text choice, for providers that answer plain text. */
export function textCompletion(id: string, model: string, text: string, finish: string | null, usage: Usage | null): object {
  return chatCompletion(id, model, { role: 'assistant', content: text }, finish, usage);
}

/**
 * Builds the chunks of one OpenAI chat stream: the same creation time and model on each, and the
 * id the writer holds when the chunk is made (a translator sets `id` once the upstream names it).
 */
export function chunkWriter(model: string, id: string) {
  const created = Math.floor(Date.now() / 1000);
  const head = () => ({ id: writer.id, object: 'chat.completion.chunk', created, model });
  const writer = {
    id,
    delta: (delta: object, finish: string | null = null): object => ({ ...head(), choices: [{ index: 0, delta, finish_reason: finish }] }),
    /** The include_usage chunk: usage and no choices. */
    usage: (usage: Usage | null): object => ({ ...head(), choices: [], usage: openAIUsage(usage) }),
  };
  return writer;
}

/** The slices of OpenAI's chat answer and chunks that the other client surfaces are written from. */
export interface OpenAIToolCallOut {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

export interface OpenAIChatAnswer {
  id?: string;
  choices?: { message?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: OpenAIToolCallOut[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

export interface OpenAIChatChunk {
  id?: string;
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: OpenAIToolCallOut[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** A tool call's arguments, which OpenAI sends as JSON text; unreadable text reads as no arguments. */
export function parseArguments(text: string | undefined): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}
