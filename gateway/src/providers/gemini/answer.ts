import { chatCompletion } from '../openai-shapes.js';
import type { Usage } from '../types.js';
import { finishReason, type GeminiPart, type GeminiResponse, geminiUsage } from './types.js';

/**
 * The text, the reasoning (thought parts) and the function calls of a candidate's parts, in
 * OpenAI's terms (Gemini's calls have no ids: they get call_<n>).
 */
export function readParts(parts: GeminiPart[], firstCallIndex = 0) {
  const textOf = (thought: boolean) => parts.map((p) => ('text' in p && Boolean(p.thought) === thought ? p.text : '')).join('');
  const text = textOf(false);
  const reasoning = textOf(true);
  const toolCalls = parts
    .flatMap((p) => ('functionCall' in p ? [p.functionCall] : []))
    .map((call, i) => ({ index: firstCallIndex + i, id: `call_${firstCallIndex + i}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } }));
  return { text, reasoning, toolCalls };
}

/** A Gemini answer as an OpenAI chat completion. */
export function openAIAnswer(upstream: unknown, model: string): { body: object; usage: Usage | null } {
  const answer = upstream as GeminiResponse;
  const candidate = answer.candidates?.[0];
  const { text, reasoning, toolCalls } = readParts(candidate?.content?.parts ?? []);
  const usage = geminiUsage(answer.usageMetadata);
  const calls = toolCalls.map(({ index: _index, ...call }) => call);
  const message = { role: 'assistant', content: text || (calls.length ? null : ''), ...(reasoning ? { reasoning_content: reasoning } : {}), ...(calls.length ? { tool_calls: calls } : {}) };
  const finish = finishReason(candidate?.finishReason, calls.length > 0) ?? 'stop';
  return { body: chatCompletion(answer.responseId ?? 'chatcmpl-gemini', model, message, finish, usage), usage };
}
