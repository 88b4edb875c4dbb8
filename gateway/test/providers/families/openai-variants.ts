import { openAIFamily } from './openai-family.js';
import type { SeenRequest } from '../../mock-upstream/provider-mock.js';
import { type Script, sseFrame, type WireFamily } from './wire-family.js';

/** Cloudflare Workers AI: OpenAI's chat under the account's path, failures in Cloudflare's API envelope. */
export const cloudflareFamily: WireFamily = {
  ...openAIFamily,
  error: (status, message) => ({ success: false, errors: [{ code: status === 429 ? 3040 : 7000 + status, message }], messages: [], result: null }),
};

const OK = { status_code: 0, status_msg: '' };
/** MiniMax's codes for a rate limit and an internal failure, sent with HTTP 200 as MiniMax does. */
const MINIMAX_CODES: Record<number, number> = { 429: 1002, 500: 1000 };

/** A MiniMax answer: OpenAI's with base_resp; filtered output finishes as `stop` with output_sensitive set, as MiniMax does. */
function minimaxAnswer(seen: SeenRequest, script: Script): object {
  if (script.finish !== 'refusal') return { ...openAIFamily.answer(seen, script), base_resp: OK };
  return { ...(openAIFamily.answer(seen, { ...script, finish: 'stop' }) as object), output_sensitive: true, base_resp: OK };
}

/** GLM-4's v4 API: OpenAI's chat, but a reply its safety review cut finishes as `sensitive`. */
export const glmFamily: WireFamily = {
  ...openAIFamily,
  answer: (seen, script) => {
    const answer = openAIFamily.answer(seen, script) as { choices: { finish_reason: string }[] };
    return script.finish === 'refusal' ? { ...answer, choices: answer.choices.map((choice) => ({ ...choice, finish_reason: 'sensitive' })) } : answer;
  },
  frames: (seen, script) => openAIFamily.frames(seen, script).map((frame) => (script.finish === 'refusal' && typeof frame === 'string' ? frame.replace('"finish_reason":"content_filter"', '"finish_reason":"sensitive"') : frame)),
};

/**
 * MiniMax's chatcompletion_v2: OpenAI's shapes plus base_resp on every answer; failures are
 * HTTP 200 with a non-zero base_resp; the stream's last event repeats the whole message with the usage.
 */
export const minimaxFamily: WireFamily = {
  ...openAIFamily,
  serves: (seen) => seen.path === '/v1/text/chatcompletion_v2',
  answer: (seen, script) => minimaxAnswer(seen, script),
  frames(seen, script) {
    // OpenAI's deltas without its finish chunk and [DONE]: MiniMax's last event finishes instead.
    const deltas = openAIFamily.frames(seen, { ...script, usage: null }).slice(0, -2);
    return [...deltas, sseFrame(minimaxAnswer(seen, script))];
  },
  error: (status, message) => ({ base_resp: { status_code: MINIMAX_CODES[status] ?? 2013, status_msg: message } }),
  errorStatus: () => 200,
};
