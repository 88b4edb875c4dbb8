import type { StreamTranslator, Usage } from '../../../providers/types.js';
import { type OpenAIChatChunk, parseArguments } from '../../../providers/openai-shapes.js';
import { geminiFinishReason, usageMetadata } from './gemini-answer.js';

/**
 * OpenAI chat chunks as Gemini's stream: one event per text delta (reasoning as a thought part); function calls, whose
 * arguments OpenAI streams in pieces, whole in the last event with the finish reason and usage.
 */
export function openAIChunksToGemini(model: string): StreamTranslator {
  const calls = new Map<number, { name: string; args: string }>();
  let finish: string | null = null;
  let usage: Usage | null = null;
  const event = (parts: object[], extra: object = {}) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: model });

  return {
    onEvent(raw) {
      const chunk = raw as OpenAIChatChunk | null;
      if (!chunk || typeof chunk !== 'object') return [];
      if (chunk.error) return [{ error: { code: 500, message: chunk.error.message ?? 'upstream stream error', status: 'INTERNAL' } }];
      if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
      const choice = chunk.choices?.[0];
      for (const call of choice?.delta?.tool_calls ?? []) {
        const seen = calls.get(call.index ?? 0) ?? { name: '', args: '' };
        calls.set(call.index ?? 0, { name: seen.name || (call.function?.name ?? ''), args: seen.args + (call.function?.arguments ?? '') });
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      const reasoning = choice?.delta?.reasoning_content || choice?.delta?.reasoning;
      const parts = [...(reasoning ? [{ text: reasoning, thought: true }] : []), ...(choice?.delta?.content ? [{ text: choice.delta.content }] : [])];
      return parts.length > 0 ? [event(parts)] : [];
    },
    finish() {
      const parts = [...calls.values()].map((call) => ({ functionCall: { name: call.name, args: parseArguments(call.args) } }));
      const totals = usageMetadata(usage?.promptTokens ?? 0, usage?.completionTokens ?? 0);
      return [{ ...event(parts, { finishReason: geminiFinishReason(finish) }), usageMetadata: totals }];
    },
    usage: () => usage,
  };
}
