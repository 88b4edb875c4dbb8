import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { OVERHEAD_HEADER, type OverheadClock } from '../overhead.js';

const contentTypeOf = (response: Dispatcher.ResponseData, fallback: string): string => {
  const type = response.headers['content-type'];
  return (Array.isArray(type) ? type[0] : type) ?? fallback;
};

/**
 * Pipes a binary answer (speech audio) to the client as it arrives, with the upstream's content
 * type. Returns when the client has it all, or has left; the milliseconds to the first byte.
 */
export async function pipeBodyAnswer(reply: FastifyReply, response: Dispatcher.ResponseData, startedAt: number, clock: OverheadClock): Promise<number> {
  const firstResponseMs = Date.now() - startedAt;
  try {
    await reply.code(200).header('content-type', contentTypeOf(response, 'application/octet-stream')).header(OVERHEAD_HEADER, clock.report()).send(response.body);
  } catch {
    // The client left or the upstream broke off mid-answer: the call is billed all the same.
  }
  return firstResponseMs;
}

/** Forwards a text answer (JSON, plain text or subtitles) unchanged, and returns it for reading. */
export async function forwardTextAnswer(reply: FastifyReply, response: Dispatcher.ResponseData, startedAt: number, clock: OverheadClock): Promise<{ text: string; firstResponseMs: number }> {
  const text = await response.body.text();
  clock.upstreamAnswered();
  await reply.code(200).header('content-type', contentTypeOf(response, 'application/json')).header(OVERHEAD_HEADER, clock.report()).send(text);
  return { text, firstResponseMs: Date.now() - startedAt };
}
