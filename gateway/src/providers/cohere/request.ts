import { dict } from '@tollgate/wire';
import { contentText } from '../shared/token-count.js';

interface OpenAIMessage {
  role: string;
  content?: unknown;
}

const COHERE_ROLES: Record<string, string> = dict({ user: 'USER', assistant: 'CHATBOT', system: 'SYSTEM', developer: 'SYSTEM', tool: 'USER' });

/**
 * An OpenAI chat request as Cohere's v1 chat: system prompts as the preamble, the last user turn
 * as `message`, the turns before it as `chat_history`.
 */
export function cohereRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages = (body.messages as OpenAIMessage[] | undefined) ?? [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => contentText(m.content));
  const turns = messages.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const last = turns.at(-1);
  const stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  const request: Record<string, unknown> = {
    model: body.model,
    message: contentText(last?.content),
    chat_history: turns.slice(0, -1).map((m) => ({ role: COHERE_ROLES[m.role] ?? 'USER', message: contentText(m.content) })),
    stream: body.stream === true,
  };
  if (system.length > 0) request.preamble = system.join('\n');
  const optional = { temperature: body.temperature, p: body.top_p, max_tokens: body.max_tokens ?? body.max_completion_tokens, stop_sequences: stop, seed: body.seed, frequency_penalty: body.frequency_penalty, presence_penalty: body.presence_penalty };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) request[name] = value;
  return request;
}
