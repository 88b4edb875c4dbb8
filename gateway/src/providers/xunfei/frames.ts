import { defined, refused, type TextReading, textMessages } from '../shared/text-chat.js';

interface SparkFrame {
  header?: { code?: number; message?: string; sid?: string; status?: number };
  payload?: {
    choices?: { status?: number; text?: { content?: string }[] };
    usage?: { text?: { prompt_tokens?: number; completion_tokens?: number } };
  };
}

/** The request frame: header (app id), parameter (chat domain and sampling), payload (the messages). */
export function sparkRequestFrame(body: Record<string, unknown>, appId: string, domain: string): Record<string, unknown> {
  return {
    header: { app_id: appId, uid: String(body.user ?? 'tollgate').slice(0, 32) },
    parameter: { chat: defined({ domain, temperature: body.temperature, max_tokens: body.max_tokens ?? body.max_completion_tokens }) },
    payload: { message: { text: textMessages(body) } },
  };
}

/** Whether a frame ends the exchange: the last one (status 2) or an error. */
export const isLastFrame = (frame: unknown): boolean => {
  const header = (frame as SparkFrame).header;
  return header?.status === 2 || Boolean(header?.code);
};

/** One frame: a piece of text; the last one carries usage; a non-zero code is a refusal. */
export function readSparkFrame(frame: unknown): TextReading {
  const { header, payload } = (frame ?? {}) as SparkFrame;
  if (header?.code) return refused(`Spark error ${header.code}: ${header.message ?? ''}`);
  const usage = payload?.usage?.text;
  return {
    id: header?.sid,
    text: payload?.choices?.text?.map((t) => t.content ?? '').join('') ?? '',
    usage: typeof usage?.prompt_tokens === 'number' ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 } : null,
    finishReason: header?.status === 2 ? 'stop' : null,
  };
}

/** The frames of a whole (not streamed) answer as one reading. */
export function readSparkFrames(frames: unknown): TextReading {
  const readings = (Array.isArray(frames) ? frames : [frames]).map(readSparkFrame);
  const refusal = readings.find((r) => r.refusal);
  if (refusal) return refusal;
  return { id: readings[0]?.id, text: readings.map((r) => r.text).join(''), usage: readings.at(-1)?.usage ?? null, finishReason: 'stop' };
}
