import type { FastifyRequest } from 'fastify';
import type { Options } from '../../ports/options.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { providerFor } from '../../providers/index.js';
import type { UpstreamRequest } from '../../providers/types.js';

/** Whether the relay may pass clients' JSON bodies through unchanged (the parser keeps their text only then). */
export const passThroughEnabled = (options: Options): boolean => options.boolean('global.pass_through_request_enabled');

/**
 * global.pass_through_request_enabled (new-api's): the client's JSON body goes to the upstream as
 * the bytes it sent, with no model mapping, no added stream_options and no field rewritten. Only
 * to a channel that speaks OpenAI's wire (another protocol could not read the body), and only when
 * the balance pays for the call's worst case: where it does not, the gateway must write its output
 * limit into the body, so a call never costs more than its hold. Null: build the request as usual.
 */
export function passThroughRequest(options: Options, request: FastifyRequest, channel: Channel, path: string, model: string, outputLimit: number | undefined): UpstreamRequest | null {
  if (!passThroughEnabled(options) || outputLimit !== undefined) return null;
  const raw = request.rawJsonBody;
  const target = providerFor(channel.type).openAITarget?.(channel, path, model);
  if (raw === undefined || !target) return null;
  return { ...target, headers: { ...target.headers, 'content-type': 'application/json' }, body: raw };
}
