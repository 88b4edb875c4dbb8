import type { StreamTranslator, Usage } from '../../../providers/types.js';
import type { OpenAIChatChunk, OpenAIToolCallOut } from '../../../providers/openai-shapes.js';
import { claudeMessageId, stopReason } from './claude-answer.js';

type OpenBlock = { kind: 'text' } | { kind: 'thinking' } | { kind: 'tool'; toolIndex: number };

/**
 * OpenAI chat chunks as the Messages API's stream: message_start, one content block per text or
 * reasoning run or tool call (text_delta, thinking_delta, input_json_delta), then message_delta
 * with the stop reason and usage, and message_stop. Usage arrives last in OpenAI's stream, so
 * input_tokens rides on message_delta.
 */
export function openAIChunksToClaude(model: string): StreamTranslator {
  let started = false;
  let open: OpenBlock | null = null;
  let index = -1;
  let finish: string | null = null;
  let usage: Usage | null = null;

  const start = (id: string | undefined): object[] => {
    if (started) return [];
    started = true;
    const message = { id: claudeMessageId(id), type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } };
    return [{ type: 'message_start', message }];
  };
  const close = (): object[] => {
    if (!open) return [];
    open = null;
    return [{ type: 'content_block_stop', index }];
  };
  const openBlock = (block: OpenBlock, contentBlock: object): object[] => {
    const closing = close();
    open = block;
    index += 1;
    return [...closing, { type: 'content_block_start', index, content_block: contentBlock }];
  };
  const text = (delta: string): object[] => {
    const opening = open?.kind === 'text' ? [] : openBlock({ kind: 'text' }, { type: 'text', text: '' });
    return [...opening, { type: 'content_block_delta', index, delta: { type: 'text_delta', text: delta } }];
  };
  const thinking = (delta: string): object[] => {
    const opening = open?.kind === 'thinking' ? [] : openBlock({ kind: 'thinking' }, { type: 'thinking', thinking: '' });
    return [...opening, { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: delta } }];
  };
  const toolCall = (call: OpenAIToolCallOut): object[] => {
    const toolIndex = call.index ?? 0;
    const isNew = open?.kind !== 'tool' || open.toolIndex !== toolIndex;
    const opening = isNew ? openBlock({ kind: 'tool', toolIndex }, { type: 'tool_use', id: call.id ?? '', name: call.function?.name ?? '', input: {} }) : [];
    const args = call.function?.arguments;
    return [...opening, ...(args ? [{ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args } }] : [])];
  };

  return {
    onEvent(event) {
      const chunk = event as OpenAIChatChunk | null;
      if (!chunk || typeof chunk !== 'object') return [];
      if (chunk.error) return [{ type: 'error', error: { type: 'api_error', message: chunk.error.message ?? 'upstream stream error' } }];
      const out = start(chunk.id);
      if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
      const choice = chunk.choices?.[0];
      const reasoning = choice?.delta?.reasoning_content || choice?.delta?.reasoning;
      if (reasoning) out.push(...thinking(reasoning));
      if (choice?.delta?.content) out.push(...text(choice.delta.content));
      for (const call of choice?.delta?.tool_calls ?? []) out.push(...toolCall(call));
      if (choice?.finish_reason) finish = choice.finish_reason;
      return out;
    },
    finish() {
      const tokens = { input_tokens: usage?.promptTokens ?? 0, output_tokens: usage?.completionTokens ?? 0 };
      return [...start(undefined), ...close(), { type: 'message_delta', delta: { stop_reason: stopReason(finish), stop_sequence: null }, usage: tokens }, { type: 'message_stop' }];
    },
    usage: () => usage,
  };
}
