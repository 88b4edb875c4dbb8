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
  /** The cache writes by time to live (Anthropic's extended cache TTL). */
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number };
  /** Server tools the model ran (web search), billed per request. */
  server_tool_use?: { web_search_requests?: number };
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
  const writtenForAnHour = Math.min(usage.cache_creation?.ephemeral_1h_input_tokens ?? 0, written);
  if (writtenForAnHour > 0) counted.cacheWrite1hTokens = writtenForAnHour;
  const searches = usage.server_tool_use?.web_search_requests ?? 0;
  if (searches > 0) counted.toolCalls = { web_search: searches };
  return counted;
}

/** A message_delta's usage over what message_start said: its output count, and the server tools it reports by the end. */
export function withDeltaUsage(started: Usage, delta: ClaudeUsage | undefined): Usage {
  const searches = delta?.server_tool_use?.web_search_requests ?? 0;
  return { ...started, completionTokens: delta?.output_tokens ?? started.completionTokens, ...(searches > 0 ? { toolCalls: { web_search: searches } } : {}) };
}
