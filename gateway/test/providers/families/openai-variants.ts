import { openAIFamily } from './openai-family.js';
import { sseFrame, type WireFamily } from './wire-family.js';

/** Cloudflare Workers AI: OpenAI's chat under the account's path, failures in Cloudflare's API envelope. */
export const cloudflareFamily: WireFamily = {
  ...openAIFamily,
  error: (status, message) => ({ success: false, errors: [{ code: status === 429 ? 3040 : 7000 + status, message }], messages: [], result: null }),
};

const OK = { status_code: 0, status_msg: '' };
/** MiniMax's codes for a rate limit and an internal failure, sent with HTTP 200 as MiniMax does. */
const MINIMAX_CODES: Record<number, number> = { 429: 1002, 500: 1000 };

/**
 * MiniMax's chatcompletion_v2: OpenAI's shapes plus base_resp on every answer; failures are
 * HTTP 200 with a non-zero base_resp; the stream's last event repeats the whole message with the usage.
 */
export const minimaxFamily: WireFamily = {
  ...openAIFamily,
  serves: (seen) => seen.path === '/v1/text/chatcompletion_v2',
  answer: (seen, script) => ({ ...openAIFamily.answer(seen, script), base_resp: OK }),
  frames(seen, script) {
    // OpenAI's deltas without its finish chunk and [DONE]: MiniMax's last event finishes instead.
    const deltas = openAIFamily.frames(seen, { ...script, usage: null }).slice(0, -2);
    return [...deltas, sseFrame({ ...openAIFamily.answer(seen, script), base_resp: OK })];
  },
  error: (status, message) => ({ base_resp: { status_code: MINIMAX_CODES[status] ?? 2013, status_msg: message } }),
  errorStatus: () => 200,
};
