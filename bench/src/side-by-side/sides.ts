import { BURST_MODEL, BURST_PATH, modelFor } from '../processes/provision.js';

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
  /** The process serving this side, when the bench started it: its CPU per call and its threads' CPU are read from /proc (stability.ts). */
  pid?: number;
  /** Where a burst stream goes (no delay, chunks back to back), and the model its body names. */
  burst: { url: string; model: string };
}

export function directSide(mockUrl: string): Side {
  return {
    name: 'direct',
    url: (delayMs) => `${mockUrl}/d${delayMs}/v1/chat/completions`,
    headers: { authorization: 'Bearer sk-mock', 'content-type': 'application/json' },
    burst: { url: `${mockUrl}${BURST_PATH}/v1/chat/completions`, model: modelFor(0) },
  };
}

/** The bare pass-through proxy (bare-proxy.ts) in front of the mock: the same paths as direct. */
export function bareProxySide(proxyUrl: string, pid?: number): Side {
  return { ...directSide(proxyUrl), name: 'bare proxy', pid };
}

/** `metricsUrl` is the gateway's metrics listener (METRICS_PORT): the public port serves no /metrics. */
export function tollgateSide(gatewayUrl: string, key: string, metricsUrl: string, pid?: number): Side {
  const url = `${gatewayUrl}/v1/chat/completions`;
  return { name: 'tollgate', url: () => url, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, metricsUrl: `${metricsUrl}/metrics`, burst: { url, model: BURST_MODEL }, pid };
}

/** The request body: small, so the figures are the relay's work rather than JSON volume. */
export function chatBody(delayMs: number, stream: boolean, model = modelFor(delayMs)): string {
  return JSON.stringify({ model, stream, max_tokens: 16, messages: [{ role: 'user', content: 'Say sixteen tokens.' }] });
}
