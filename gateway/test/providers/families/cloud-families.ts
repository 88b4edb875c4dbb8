import { randomBytes } from 'node:crypto';
import { chunkFrame } from '../../mock-upstream/anthropic-google/aws-bedrock-mock.js';
import { sendJson } from '../../mock-upstream/provider-mock.js';
import { anthropicFamily } from './anthropic-family.js';
import { geminiFamily } from './gemini-family.js';
import type { WireFamily } from './wire-family.js';

/** The JSON of an SSE frame's data line. */
const dataOf = (frame: string | Uint8Array): object => JSON.parse(/^data: (.*)$/m.exec(String(frame))?.[1] ?? '{}') as object;

/**
 * Bedrock Runtime's InvokeModel and InvokeModelWithResponseStream for Claude: Anthropic's bodies,
 * the stream as AWS event-stream frames (each wrapping one Claude event in base64).
 */
export const bedrockFamily: WireFamily = {
  streamed: (seen) => seen.path.endsWith('/invoke-with-response-stream'),
  answer: anthropicFamily.answer,
  frames: (seen, script) => anthropicFamily.frames(seen, script).map((frame) => chunkFrame(dataOf(frame))),
  streamType: 'application/vnd.amazon.eventstream',
  error: (status, message) => ({ message: status === 429 ? `ThrottlingException: ${message}` : `InternalServerException: ${message}` }),
  // Half of one event-stream frame: the prelude and part of the payload, then the connection ends.
  broken: chunkFrame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Paris' } }).subarray(0, 40),
};

const byPublisher = (path: string): WireFamily => (path.includes('/publishers/anthropic/') ? anthropicFamily : geminiFamily);

/**
 * Vertex AI: Google's OAuth token endpoint for the service account, then the publisher's own
 * protocol: Gemini's generateContent, or Claude's rawPredict with Anthropic's body.
 */
export const vertexFamily: WireFamily = {
  aside(seen, response) {
    if (seen.path !== '/token') return false;
    sendJson(response, 200, { access_token: `ya29.${randomBytes(8).toString('hex')}`, expires_in: 3599, token_type: 'Bearer' });
    return true;
  },
  streamed: (seen) => byPublisher(seen.path).streamed(seen),
  answer: (seen, script) => byPublisher(seen.path).answer(seen, script),
  frames: (seen, script) => byPublisher(seen.path).frames(seen, script),
  error: geminiFamily.error,
  broken: (seen) => byPublisher(seen.path).broken as string,
};
