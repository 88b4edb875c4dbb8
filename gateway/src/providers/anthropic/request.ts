import { checkTranslatable } from '../shared/chat-input.js';
import type { ClaudeBlock, ClaudeMessage } from './types.js';

/** Claude requires max_tokens; this is what a request without one gets. */
export const DEFAULT_MAX_TOKENS = 4096;

interface OpenAIPart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
}

interface OpenAIToolCall {
  id: string;
  function: { name: string; arguments: string };
}

interface OpenAIMessage {
  role: string;
  content?: string | OpenAIPart[] | null;
  tool_calls?: OpenAIToolCall[];
  tool_call_id?: string;
}

function imageBlock(url: string): ClaudeBlock {
  const data = /^data:([^;]+);base64,(.*)$/s.exec(url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data[1] ?? 'image/png', data: data[2] ?? '' } };
  return { type: 'image', source: { type: 'url', url } };
}

function contentBlocks(content: OpenAIMessage['content']): ClaudeBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return (content ?? []).flatMap((part): ClaudeBlock[] => {
    if (part.type === 'text' && part.text) return [{ type: 'text', text: part.text }];
    const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
    return part.type === 'image_url' && url ? [imageBlock(url)] : [];
  });
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/** One OpenAI message as Claude blocks: tool results go back as the user's, tool calls as tool_use. */
function toClaude(message: OpenAIMessage): ClaudeMessage {
  if (message.role === 'tool') {
    const text = typeof message.content === 'string' ? message.content : contentBlocks(message.content).map((b) => (b.type === 'text' ? b.text : '')).join('');
    return { role: 'user', content: [{ type: 'tool_result', tool_use_id: message.tool_call_id ?? '', content: text }] };
  }
  const calls: ClaudeBlock[] = (message.tool_calls ?? []).map((c) => ({ type: 'tool_use', id: c.id, name: c.function.name, input: parseArguments(c.function.arguments) }));
  return { role: message.role === 'assistant' ? 'assistant' : 'user', content: [...contentBlocks(message.content), ...calls] };
}

/** Claude wants alternating roles: consecutive messages of one role become one. */
function mergeTurns(messages: ClaudeMessage[]): ClaudeMessage[] {
  const merged: ClaudeMessage[] = [];
  for (const message of messages) {
    const last = merged[merged.length - 1];
    if (last && last.role === message.role) last.content.push(...message.content);
    else merged.push({ role: message.role, content: [...message.content] });
  }
  return merged;
}

interface OpenAITool {
  function?: { name: string; description?: string; parameters?: unknown };
}

function toolChoice(choice: unknown): object | undefined {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'required') return { type: 'any' };
  const named = (choice as { function?: { name?: string } } | undefined)?.function?.name;
  return named ? { type: 'tool', name: named } : undefined;
}

/** An OpenAI chat request as a Claude Messages request. */
export function claudeRequest(body: Record<string, unknown>): Record<string, unknown> {
  checkTranslatable('Claude', body);
  const messages = (body.messages as OpenAIMessage[]) ?? [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').flatMap((m) => contentBlocks(m.content));
  const tools = (body.tools as OpenAITool[] | undefined)?.flatMap((t) => (t.function ? [{ name: t.function.name, description: t.function.description, input_schema: t.function.parameters ?? { type: 'object' } }] : []));
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop as string[] | undefined);
  const request: Record<string, unknown> = {
    model: body.model,
    max_tokens: body.max_tokens ?? body.max_completion_tokens ?? DEFAULT_MAX_TOKENS,
    messages: mergeTurns(messages.filter((m) => m.role !== 'system' && m.role !== 'developer').map(toClaude)),
    stream: body.stream === true,
  };
  if (system.length > 0) request.system = system;
  if (body.temperature !== undefined) request.temperature = body.temperature;
  if (body.top_p !== undefined) request.top_p = body.top_p;
  if (stop?.length) request.stop_sequences = stop;
  if (tools?.length) request.tools = tools;
  const choice = toolChoice(body.tool_choice);
  if (choice) request.tool_choice = choice;
  return request;
}
