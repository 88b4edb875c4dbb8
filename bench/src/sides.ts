import { modelFor } from './provision.js';

/**
 * One side of a comparison: the same chat request sent straight to the mock, or through
 * Tollgate. Only the URL and the key differ; the model names the delay on both sides (the mock
 * ignores it, Tollgate routes by it).
 */
export interface Side {
  name: 'direct' | 'tollgate' | 'bare proxy';
  url(delayMs: number): string;
  headers: Record<string, string>;
  /** The gateway's Prometheus endpoint; the mock has none. */
  metricsUrl?: string;
  /** The serving process, where the bench started it: its threads' CPU is read from /proc (stability.ts). */
  pid?: number;
}

export function directSide(mockUrl: string): Side {
  return { name: 'direct', url: (delayMs) => `${mockUrl}/d${delayMs}/v1/chat/completions`, headers: { authorization: 'Bearer sk-mock', 'content-type': 'application/json' } };
}

/** The bare pass-through proxy (bare-proxy.ts) in front of the mock: the same paths as direct. */
export function bareProxySide(proxyUrl: string): Side {
  return { ...directSide(proxyUrl), name: 'bare proxy' };
}

/** `metricsUrl` is the gateway's metrics listener (METRICS_PORT): the public port serves no /metrics. */
export function tollgateSide(gatewayUrl: string, key: string, metricsUrl: string): Side {
  return { name: 'tollgate', url: () => `${gatewayUrl}/v1/chat/completions`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, metricsUrl: `${metricsUrl}/metrics` };
}

/** The request body: small, so the figures are the relay's work rather than JSON volume. */
export function chatBody(delayMs: number, stream: boolean): string {
  return JSON.stringify({ model: modelFor(delayMs), stream, max_tokens: 16, messages: [{ role: 'user', content: 'Say sixteen tokens.' }] });
}
