import type { OptionCache } from '../options/option-cache.js';

/** The speed flags a Midjourney prompt may carry; MjModeClearEnabled drops them so the proxy picks its own mode. */
const MODE_FLAGS = /--(fast|relax|turbo)\b/g;

/**
 * The submit body the proxy receives, after the operator's Midjourney switches (as new-api applies
 * them): a client's notifyHook is passed on only with MjNotifyEnabled (otherwise the proxy would
 * call out to any address a client names), its accountFilter only with MjAccountFilterEnabled.
 */
export function mjUpstreamBody(options: OptionCache, body: Record<string, unknown>): Record<string, unknown> {
  const { notifyHook, accountFilter, ...rest } = body;
  const upstream: Record<string, unknown> = { ...rest };
  if (notifyHook !== undefined && options.boolean('MjNotifyEnabled')) upstream.notifyHook = notifyHook;
  if (accountFilter !== undefined && options.boolean('MjAccountFilterEnabled')) upstream.accountFilter = accountFilter;
  if (typeof upstream.prompt === 'string' && options.boolean('MjModeClearEnabled')) upstream.prompt = upstream.prompt.replace(MODE_FLAGS, '');
  return upstream;
}
