import { chatCompletion } from '../openai-shapes.js';
import type { Usage } from '../types.js';
import { type ClaudeAnswer, claudeUsage, finishReason } from './types.js';

/** A Claude answer as an OpenAI chat completion: text joined, thinking as reasoning_content, tool_use blocks as tool_calls. */
export function openAIAnswer(upstream: unknown, model: string): { body: object; usage: Usage | null } {
  const answer = upstream as ClaudeAnswer;
  const blocks = answer.content ?? [];
  const text = blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
  const thinking = blocks.map((b) => (b.type === 'thinking' ? b.thinking : '')).join('');
  const toolCalls = blocks.flatMap((b) =>
    b.type === 'tool_use' ? [{ id: b.id, type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }] : [],
  );
  const usage = claudeUsage(answer.usage);
  const message = { role: 'assistant', content: text || (toolCalls.length ? null : ''), ...(thinking ? { reasoning_content: thinking } : {}), ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
  return { body: chatCompletion(answer.id, model, message, finishReason(answer.stop_reason), usage), usage };
}
