import type { RequestPart } from '../types.js';

interface ChatMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: unknown;
  function_call?: unknown;
}

const nonEmpty = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

function hasTools(body: Record<string, unknown>, messages: readonly ChatMessage[]): boolean {
  if (nonEmpty(body.tools) || nonEmpty(body.functions)) return true;
  return messages.some((m) => m.role === 'tool' || m.role === 'function' || nonEmpty(m.tool_calls) || (m.function_call !== undefined && m.function_call !== null));
}

function hasImages(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => Array.isArray(m.content) && (m.content as { type?: unknown }[]).some((part) => part?.type === 'image_url' || part?.type === 'input_image'));
}

/** Which of the parts some providers cannot send this OpenAI chat request carries: tool definitions or calls, image input. */
export function requestParts(body: Record<string, unknown>): RequestPart[] {
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  return [...(hasTools(body, messages) ? (['tools'] as const) : []), ...(hasImages(messages) ? (['images'] as const) : [])];
}
