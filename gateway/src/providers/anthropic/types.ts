import type { Usage } from '../types.js';

/** The slices of Anthropic's Messages API the translation reads and writes. */
export type ClaudeBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };

export interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: ClaudeBlock[];
}

export interface ClaudeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export interface ClaudeAnswer {
  id: string;
  model: string;
  content: ClaudeBlock[];
  stop_reason: string | null;
  usage?: ClaudeUsage;
}

/** OpenAI finish reasons for Claude's stop reasons. */
export const finishReason = (stop: string | null | undefined): string | null => {
  if (!stop) return null;
  return { end_turn: 'stop', stop_sequence: 'stop', max_tokens: 'length', tool_use: 'tool_calls', refusal: 'content_filter' }[stop] ?? 'stop';
};

/** Prompt tokens include the cached ones: they were read, and priced, as prompt. */
export function claudeUsage(usage: ClaudeUsage | undefined): Usage | null {
  if (!usage || typeof usage.input_tokens !== 'number') return null;
  const written = usage.cache_creation_input_tokens ?? 0;
  const read = usage.cache_read_input_tokens ?? 0;
  const counted: Usage = { promptTokens: usage.input_tokens + written + read, completionTokens: usage.output_tokens ?? 0 };
  if (read > 0) counted.cachedPromptTokens = read;
  if (written > 0) counted.cacheWriteTokens = written;
  return counted;
}
