import { type OpenAIChatAnswer, parseArguments } from '../../../providers/openai-shapes.js';

/** Gemini's finish reasons for OpenAI's. */
export const geminiFinishReason = (finish: string | null | undefined): string =>
  ({ length: 'MAX_TOKENS', content_filter: 'SAFETY' })[finish ?? ''] ?? 'STOP';

export function usageMetadata(promptTokens: number, completionTokens: number) {
  return { promptTokenCount: promptTokens, candidatesTokenCount: completionTokens, totalTokenCount: promptTokens + completionTokens };
}

/** An OpenAI chat answer as a generateContent answer: text and functionCall parts, finish reason, usage. */
export function openAIAnswerToGemini(answer: OpenAIChatAnswer, model: string) {
  const choice = answer.choices?.[0];
  const text = choice?.message?.content ?? '';
  const reasoning = choice?.message?.reasoning_content || choice?.message?.reasoning;
  const calls = (choice?.message?.tool_calls ?? []).map((call) => ({ functionCall: { name: call.function?.name ?? '', args: parseArguments(call.function?.arguments) } }));
  return {
    candidates: [{ content: { role: 'model', parts: [...(reasoning ? [{ text: reasoning, thought: true }] : []), ...(text ? [{ text }] : []), ...calls] }, finishReason: geminiFinishReason(choice?.finish_reason), index: 0 }],
    usageMetadata: usageMetadata(answer.usage?.prompt_tokens ?? 0, answer.usage?.completion_tokens ?? 0),
    modelVersion: model,
  };
}
