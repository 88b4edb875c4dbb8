import { dict } from '@tollgate/wire';
import type { StreamTranslator, Usage } from '../types.js';
import { chunkWriter } from '../openai-shapes.js';
import { type ClaudeUsage, claudeUsage, finishReason, withDeltaUsage } from './types.js';

interface ClaudeEvent {
  type?: string;
  index?: number;
  message?: { id?: string; usage?: ClaudeUsage };
  content_block?: { type?: string; id?: string; name?: string };
  delta?: { type?: string; text?: string; thinking?: string; partial_json?: string; stop_reason?: string | null };
  usage?: ClaudeUsage;
  error?: { message?: string };
}

/**
 * Claude's stream (message_start, content_block_*, message_delta, message_stop) as OpenAI chat
 * chunks: text deltas as content, thinking as reasoning_content, tool_use blocks as tool_calls with streamed arguments, the
 * stop reason as finish_reason, and usage in a last chunk with no choices.
 */
export function claudeStreamTranslator(model: string): StreamTranslator {
  const writer = chunkWriter(model, 'chatcmpl-claude');
  const chunk = writer.delta;
  let started: Usage | null = null;
  let delta: ClaudeUsage | undefined;
  const toolIndexOfBlock = new Map<number, number>();
  const usage = (): Usage | null => (started === null ? null : withDeltaUsage({ ...started, completionTokens: 0 }, delta));

  const handlers: Record<string, (e: ClaudeEvent) => object[]> = dict({
    message_start: (e) => {
      writer.id = e.message?.id ?? writer.id;
      started = claudeUsage({ input_tokens: 0, ...e.message?.usage });
      return [chunk({ role: 'assistant', content: '' })];
    },
    content_block_start: (e) => {
      if (e.content_block?.type !== 'tool_use') return [];
      const index = toolIndexOfBlock.size;
      toolIndexOfBlock.set(e.index ?? 0, index);
      return [chunk({ tool_calls: [{ index, id: e.content_block.id, type: 'function', function: { name: e.content_block.name, arguments: '' } }] })];
    },
    content_block_delta: (e) => {
      if (e.delta?.type === 'text_delta') return [chunk({ content: e.delta.text ?? '' })];
      if (e.delta?.type === 'thinking_delta') return [chunk({ reasoning_content: e.delta.thinking ?? '' })];
      const index = toolIndexOfBlock.get(e.index ?? 0);
      if (e.delta?.type === 'input_json_delta' && index !== undefined) return [chunk({ tool_calls: [{ index, function: { arguments: e.delta.partial_json ?? '' } }] })];
      return [];
    },
    message_delta: (e) => {
      delta = { ...delta, ...e.usage };
      return [chunk({}, finishReason(e.delta?.stop_reason))];
    },
    message_stop: () => [writer.usage(usage())],
    error: (e) => [{ error: { message: e.error?.message ?? 'upstream stream error', type: 'upstream_error' } }],
  });

  return {
    onEvent: (event) => {
      const e = event as ClaudeEvent;
      return handlers[e.type ?? '']?.(e) ?? [];
    },
    usage,
  };
}
