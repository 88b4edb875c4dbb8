import { request } from 'undici';
import { withFirstEnabledKey } from './multi-key/channel-info.js';
import type { Channel } from '../ports/documents/channel-store.js';
import { type ProviderAdapter, providerFor } from '../providers/index.js';
import { upstreamModel } from './model-mapping.js';
import { taskChannelProbe } from '../tasks/task-upstream.js';
import type { UpstreamFailure } from './health-rules.js';
import { readUpstreamFailure } from './upstream-failure.js';

export interface ProbeResult {
  model: string;
  elapsedMs: number;
  /** Null when the upstream answered a chat completion. */
  failure: UpstreamFailure | null;
}

const PROBE_TIMEOUT_MS = 60_000;

/** The model a test asks for: the one given, the channel's test model, or the first it serves. */
export function probeModel(channel: Channel, requested?: string): string {
  return requested || channel.testModel || channel.models.split(',')[0]?.trim() || 'gpt-4o-mini';
}

/** The smallest call a model answers: a rerank or an embedding for models that only do that (Jina's), else a chat completion. */
export function probeCall(model: string): { path: string; body: Record<string, unknown> } {
  if (/rerank/i.test(model)) return { path: '/v1/rerank', body: { model, query: 'hi', documents: ['hi'] } };
  if (/embed/i.test(model)) return { path: '/v1/embeddings', body: { model, input: 'hi' } };
  return { path: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 } };
}

/** Sends one tiny call through the channel's provider and times it. */
export async function probeChannel(stored: Channel, requested?: string): Promise<ProbeResult> {
  const channel = withFirstEnabledKey(stored);
  const model = probeModel(channel, requested);
  const call = probeCall(upstreamModel(channel, model));
  const startedAt = performance.now();
  try {
    const provider = providerFor(channel.type);
    // A Midjourney or Suno channel is asked for its task list, as no chat would reach it.
    const upstream = taskChannelProbe(channel) ?? (await provider.request(channel, call.path, call.body));
    const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const response = await (provider.exchange ? provider.exchange(upstream, signal) : request(upstream.origin + upstream.path, { method: 'POST', headers: upstream.headers, body: upstream.body, signal }));
    const text = await response.body.text();
    const elapsedMs = Math.round(performance.now() - startedAt);
    return { model, elapsedMs, failure: response.statusCode >= 400 ? readUpstreamFailure(response.statusCode, text) : unreadable(text) ?? refusal(provider, text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { model, elapsedMs: Math.round(performance.now() - startedAt), failure: { status: 0, type: 'network_error', code: '', message } };
  }
}

/** A 200 whose body is not JSON is a failure too (a proxy's HTML page, a cut answer). */
function unreadable(text: string): UpstreamFailure | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    return { status: 200, type: 'bad_response', code: '', message: text.slice(0, 200) };
  }
}

/** A 200 that is a provider's refusal (a bad key at Baidu or Tencent) fails the test too. */
function refusal(provider: ProviderAdapter, text: string): UpstreamFailure | null {
  const message = provider.refusalOf?.(JSON.parse(text));
  return message ? { status: 200, type: 'upstream_error', code: '', message } : null;
}
