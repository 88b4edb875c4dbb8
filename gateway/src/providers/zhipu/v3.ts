import type { Usage } from '../types.js';
import { defined, refused, type TextReading, textMessages } from '../shared/text-chat.js';

interface V3Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface V3Answer {
  code?: number;
  msg?: string;
  success?: boolean;
  data?: { task_id?: string; choices?: { role?: string; content?: string }[]; usage?: V3Usage };
}

const v3Usage = (usage: V3Usage | undefined): Usage | null =>
  typeof usage?.prompt_tokens === 'number' ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 } : null;

/** An OpenAI chat request as a ChatGLM v3 invoke body (system prompts become user turns, as v3 has no system role). */
export function zhipuV3Request(body: Record<string, unknown>): Record<string, unknown> {
  const prompt = textMessages(body).map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content }));
  return defined({ prompt, temperature: body.temperature, top_p: body.top_p, incremental: body.stream === true ? true : undefined });
}

/** A v3 answer; a refused call comes as success false with code and msg. */
export function readV3Answer(upstream: unknown): TextReading {
  const answer = upstream as V3Answer;
  if (answer.success === false) return refused(`ChatGLM error ${answer.code ?? ''}: ${answer.msg ?? ''}`);
  return { id: answer.data?.task_id, text: answer.data?.choices?.map((c) => c.content ?? '').join('') ?? '', usage: v3Usage(answer.data?.usage) };
}

function field(raw: string, name: string): string | undefined {
  const lines = raw.split('\n').filter((line) => line.startsWith(`${name}:`));
  return lines.length ? lines.map((line) => line.slice(name.length + 1).replace(/^ /, '')).join('\n') : undefined;
}

/**
 * A v3 SSE event, whose data is raw text, not JSON: `event: add` carries a piece of the answer,
 * `event: finish` ends it with usage in its `meta:` line; `error` and `interrupted` end it too.
 */
export function readV3Event(_json: unknown, raw: string): TextReading | null {
  const event = field(raw, 'event');
  const data = field(raw, 'data') ?? '';
  if (event === 'add') return { text: data, usage: null };
  if (event !== 'finish' && event !== 'error' && event !== 'interrupted') return null;
  let meta: { task_id?: string; usage?: V3Usage } = {};
  try {
    meta = JSON.parse(field(raw, 'meta') ?? '{}') as typeof meta;
  } catch {
    // A finish without readable meta: usage will be counted.
  }
  return { id: meta.task_id, text: event === 'finish' ? data : '', usage: v3Usage(meta.usage), finishReason: 'stop' };
}
