import type { Channel } from '../../ports/documents/channel-store.js';
import { countedUsage, promptText } from '../shared/token-count.js';
import { jsonRequest } from '../openai/index.js';
import { baseOf } from '../shared/base-url.js';
import { defined, refused, type TextReading, textChatTranslation, textMessages, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter } from '../types.js';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

interface PalmAnswer {
  candidates?: { content?: string }[];
  messages?: { content?: string }[];
  filters?: { reason?: string }[];
  error?: { code?: number; message?: string };
}

/** An OpenAI chat request as a generateMessage body: the user is author "0", everyone else "1". */
export function palmRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages = textMessages(body).map((m) => ({ author: m.role === 'user' ? '0' : '1', content: m.content }));
  return defined({ prompt: { messages }, temperature: body.temperature, topP: body.top_p, candidateCount: 1 });
}

/** A generateMessage answer. PaLM reports no usage: it is counted from the echoed messages and the candidate. */
export function readPalmAnswer(upstream: unknown): TextReading {
  const answer = upstream as PalmAnswer;
  if (answer.error) return refused(`PaLM error ${answer.error.code ?? ''}: ${answer.error.message ?? ''}`);
  const text = answer.candidates?.[0]?.content ?? '';
  if (!answer.candidates?.length && answer.filters?.length) return refused(`PaLM filtered the prompt: ${answer.filters[0]?.reason ?? ''}`);
  return { text, usage: countedUsage(promptText(answer.messages ?? []), text), finishReason: 'stop' };
}

/** PaLM cannot stream: a streamed call gets the whole answer, which arrives as one raw "event". */
function readWholeAnswerAsEvent(_json: unknown, raw: string): TextReading | null {
  try {
    return readPalmAnswer(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Google PaLM 2 (channel type 11): generateMessage, key in the query; a stream is faked as one chunk. */
export const palm: ProviderAdapter = {
  id: 'palm',
  cannotTake: TEXT_ONLY,
  request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const path = `${prefix}/v1beta2/models/${encodeURIComponent(String(body.model))}:generateMessage?key=${encodeURIComponent(channel.key)}`;
    return jsonRequest({ origin, path, headers: {} }, palmRequest(body));
  },
  ...translatedReaders(readPalmAnswer),
  translation: textChatTranslation(readPalmAnswer, readWholeAnswerAsEvent),
};
