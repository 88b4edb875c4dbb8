import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { type FetchPolicy, refusedAddress, refusedUrl } from './fetch-policy.js';

/** A fetch the policy refused: the URL, or an address its host resolved to. */
export class FetchRefused extends Error {
  override readonly name = 'FetchRefused';
}

/** The policy's reason when `error` is (or was caused by) a refusal; undici wraps a resolver's error as a connect error's cause. */
export function fetchRefusal(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof FetchRefused) return cause.message;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A resolver that judges every address a host name resolves to, at connect time: the address
 * checked is the address dialled, so a name that resolves to a public address when checked and a
 * private one when used (DNS rebinding) cannot slip through.
 */
function guardedLookup(policy: FetchPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map((entry) => refusedAddress(policy, entry.address, true)).find((reason) => reason !== null);
      if (refusal) return callback(new FetchRefused(refusal), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

export interface GuardedRequestInit {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * undici's request under new-api's fetch_setting, for URLs that come from users or upstreams
 * (webhooks, task images). Redirects are not followed, so each hop would need its own check.
 */
export async function guardedRequest(policy: FetchPolicy, url: string, init: GuardedRequestInit) {
  const refusal = refusedUrl(policy, url);
  if (refusal) throw new FetchRefused(refusal);
  if (!policy.enabled) return request(url, init);
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) } });
  try {
    const answer = await request(url, { ...init, dispatcher });
    // Closing the agent of one finished request: a failure there loses nothing, so it ends here.
    answer.body.once('close', () => {
      dispatcher.close().catch(() => undefined);
    });
    return answer;
  } catch (error) {
    dispatcher.close().catch(() => undefined);
    throw error;
  }
}
