import { dict } from '@tollgate/wire';
import { contentText } from '../shared/token-count.js';

interface OpenAIMessage {
  role: string;
  content?: unknown;
}

const LABELS: Record<string, string> = dict({ system: 'SYSTEM', developer: 'SYSTEM', assistant: 'ASSISTANT' });

/**
 * An OpenAI chat request as Dify's chat-messages call. Dify keeps conversations itself and takes
 * one query, so the whole exchange goes in it, each turn under its role (as new-api sends it).
 */
export function difyRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages = (body.messages as OpenAIMessage[] | undefined) ?? [];
  const query = messages.map((m) => `${LABELS[m.role] ?? 'USER'}: \n${contentText(m.content)}\n`).join('');
  return { inputs: {}, query, response_mode: body.stream === true ? 'streaming' : 'blocking', user: typeof body.user === 'string' && body.user ? body.user : 'tollgate', files: [] };
}
