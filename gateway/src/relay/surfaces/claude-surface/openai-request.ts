import type { ClaudeBody } from './claude-body.js';

/** A Messages API content block as clients send it (text, images, tool calls and their results). */
interface ClientBlock {
  type?: string;
  text?: string;
  source?: { type?: string; media_type?: string; data?: string; url?: string };
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | ClientBlock[];
}

interface ClientMessage {
  role?: string;
  content?: string | ClientBlock[];
}

interface ClientTool {
  name?: string;
  description?: string;
  input_schema?: unknown;
}

const blocksOf = (content: string | ClientBlock[] | undefined): ClientBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);

const textOf = (content: string | ClientBlock[] | undefined): string =>
  blocksOf(content)
    .map((block) => (block.type === 'text' ? (block.text ?? '') : ''))
    .join('');

type OpenAIPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function imagePart(block: ClientBlock): OpenAIPart {
  const source = block.source ?? {};
  const url = source.type === 'base64' ? `data:${source.media_type ?? 'image/png'};base64,${source.data ?? ''}` : (source.url ?? '');
  return { type: 'image_url', image_url: { url } };
}

/** One Claude turn as OpenAI messages: tool results become `tool` messages, tool_use blocks tool_calls. */
function toOpenAIMessages(message: ClientMessage): object[] {
  const blocks = blocksOf(message.content);
  const results = blocks.filter((b) => b.type === 'tool_result').map((b) => ({ role: 'tool', tool_call_id: b.tool_use_id ?? '', content: textOf(b.content) }));
  const parts = blocks.flatMap((b): OpenAIPart[] => (b.type === 'text' ? [{ type: 'text', text: b.text ?? '' }] : b.type === 'image' ? [imagePart(b)] : []));
  const calls = blocks
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({ id: b.id ?? '', type: 'function', function: { name: b.name ?? '', arguments: JSON.stringify(b.input ?? {}) } }));
  const role = message.role === 'assistant' ? 'assistant' : 'user';
  const onlyText = parts.every((p) => p.type === 'text');
  const content = onlyText ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : parts;
  const turn = parts.length > 0 || calls.length > 0 ? [{ role, content: calls.length > 0 && !content ? null : content, ...(calls.length > 0 ? { tool_calls: calls } : {}) }] : [];
  return [...results, ...turn];
}

function toolChoice(choice: unknown): unknown {
  const c = choice as { type?: string; name?: string } | undefined;
  if (!c?.type) return undefined;
  if (c.type === 'tool') return { type: 'function', function: { name: c.name ?? '' } };
  return { auto: 'auto', any: 'required', none: 'none' }[c.type];
}

/**
 * A Messages API request as an OpenAI chat completion, for a channel that does not speak
 * Anthropic's protocol: system prompt first, blocks as parts, tools as functions, usage asked for.
 */
export function claudeRequestToOpenAI(body: ClaudeBody): Record<string, unknown> {
  const system = textOf(body.system as string | ClientBlock[] | undefined);
  const messages = [...(system ? [{ role: 'system', content: system }] : []), ...(body.messages as ClientMessage[]).flatMap(toOpenAIMessages)];
  const tools = (body.tools as ClientTool[] | undefined)?.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.input_schema } }));
  const stream = body.stream === true;
  const request: Record<string, unknown> = {
    model: body.model,
    messages,
    max_tokens: body.max_tokens,
    temperature: body.temperature,
    top_p: body.top_p,
    stop: body.stop_sequences,
    tools,
    tool_choice: toolChoice(body.tool_choice),
    stream,
    stream_options: stream ? { include_usage: true } : undefined,
  };
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
}
