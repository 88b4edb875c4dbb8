import type { Options } from '../ports/options.js';

/** The speed flags a prompt may carry; MjModeClearEnabled takes them out so the channel's own mode applies. */
const MODE_FLAGS = /\s*--(?:fast|relax|turbo)\b/g;

/**
 * A Midjourney submit as it goes upstream, under the operator's switches (new-api's behaviour):
 * the client's account filter and notify hook pass only when allowed, and mode flags may be cleared.
 */
export function mjBodyForUpstream(body: Record<string, unknown>, options: Options): Record<string, unknown> {
  const upstream = { ...body };
  if (!options.boolean('MjAccountFilterEnabled')) delete upstream.accountFilter;
  if (!options.boolean('MjNotifyEnabled')) delete upstream.notifyHook;
  if (options.boolean('MjModeClearEnabled') && typeof upstream.prompt === 'string') upstream.prompt = upstream.prompt.replace(MODE_FLAGS, '').trim();
  return upstream;
}
