import { type OpenAIChatAnswer, parseArguments } from '../../../providers/openai-shapes.js';

/** Claude's stop reasons for OpenAI finish reasons. */
export const stopReason = (finish: string | null | undefined): string =>
  ({ length: 'max_tokens', tool_calls: 'tool_use', function_call: 'tool_use', content_filter: 'refusal' })[finish ?? ''] ?? 'end_turn';

/** A message id in Claude's form, from the upstream's id. */
export const claudeMessageId = (id: string | undefined) => `msg_${(id ?? '').replace(/^chatcmpl-/, '') || 'tollgate'}`;

/** An OpenAI chat answer as a Messages API answer: text and tool_use blocks, stop reason, usage. */
export function openAIAnswerToClaude(answer: OpenAIChatAnswer, model: string) {
  const choice = answer.choices?.[0];
  const text = choice?.message?.content ?? '';
  const reasoning = choice?.message?.reasoning_content || choice?.message?.reasoning;
  const tools = (choice?.message?.tool_calls ?? []).map((call) => ({ type: 'tool_use', id: call.id ?? '', name: call.function?.name ?? '', input: parseArguments(call.function?.arguments) }));
  return {
    id: claudeMessageId(answer.id),
    type: 'message',
    role: 'assistant',
    model,
    content: [...(reasoning ? [{ type: 'thinking', thinking: reasoning, signature: '' }] : []), ...(text ? [{ type: 'text', text }] : []), ...tools],
    stop_reason: stopReason(choice?.finish_reason),
    stop_sequence: null,
    usage: { input_tokens: answer.usage?.prompt_tokens ?? 0, output_tokens: answer.usage?.completion_tokens ?? 0 },
  };
}
