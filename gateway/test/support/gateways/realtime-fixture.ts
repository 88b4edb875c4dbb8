import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { type RealtimeMock, type RealtimeMockUsage, startRealtimeMock } from '../../mock-upstream/openai/realtime-mock.js';
import { sdkSession } from '../clients/realtime-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture } from './embedded-fixture.js';

/** The realtime models' prices: audio dearer than text, cached input cheaper. */
export const REALTIME_PRICE = { model: 2, completion: 4, audio: 8, audioCompletion: 2, cache: 0.5 };

export const REALTIME_REPLY = 'Hello from the realtime mock';

/** The nth response's usage: the conversation grows, part of it cached (audio among it). */
export const realtimeUsageOf = (i: number): RealtimeMockUsage => ({
  input_tokens: 100 + 50 * i,
  output_tokens: 80 + i,
  input_token_details: { text_tokens: 40 + 10 * i, audio_tokens: 60 + 40 * i, cached_tokens: 30 * i, cached_tokens_details: { text_tokens: 10 * i, audio_tokens: 20 * i } },
  output_token_details: { text_tokens: 20, audio_tokens: 60 + i },
});

/** The price of one response, from OpenAI's usage fields (cached audio billed once, as cached). */
export function realtimeCostOf(usage: RealtimeMockUsage): number {
  const price = REALTIME_PRICE;
  const input = usage.input_token_details ?? {};
  const cached = input.cached_tokens ?? 0;
  const audioIn = (input.audio_tokens ?? 0) - (input.cached_tokens_details?.audio_tokens ?? 0);
  const textIn = usage.input_tokens - cached - audioIn;
  const audioOut = usage.output_token_details?.audio_tokens ?? 0;
  const textOut = usage.output_tokens - audioOut;
  return Math.round((textIn + cached * price.cache + audioIn * price.audio + (textOut + audioOut * price.audioCompletion) * price.completion) * price.model);
}

export interface RealtimeFixture {
  fixture: EmbeddedFixture;
  upstream: RealtimeMock;
  /** The relay's base URL (`…/v1`), and its realtime endpoint as ws:// */
  base: string;
  ws: string;
  /** Opens an SDK session, closed with the fixture. */
  session(key: string, model?: string): Promise<OpenAIRealtimeWS>;
  close(): Promise<void>;
}

/**
 * An embedded Tollgate with a realtime mock behind three channels: OpenAI for `gpt-realtime`
 * (mapped upstream), Azure for `gpt-realtime-az`, a Claude channel for `claude-voice` (priced,
 * but no channel of it serves realtime), and `gpt-realtime-badkey` on an OpenAI channel whose key
 * the upstream refuses; all priced at REALTIME_PRICE.
 */
export async function startRealtimeFixture(): Promise<RealtimeFixture> {
  const fixture = await startEmbeddedFixture();
  const upstream = await startRealtimeMock({ usageOf: realtimeUsageOf, reply: REALTIME_REPLY, key: 'upstream-key' });
  const models = ['gpt-realtime', 'gpt-realtime-az', 'claude-voice', 'gpt-realtime-badkey'];
  const each = (value: number) => Object.fromEntries(models.map((model) => [model, value]));
  await priceModels(fixture, each(REALTIME_PRICE.model), each(REALTIME_PRICE.completion));
  for (const [key, value] of [['AudioRatio', REALTIME_PRICE.audio], ['AudioCompletionRatio', REALTIME_PRICE.audioCompletion], ['CacheRatio', REALTIME_PRICE.cache]] as const) {
    await fixture.root.must('PUT', '/api/option/', { key, value: JSON.stringify(each(value)) });
  }
  const channel = { key: 'upstream-key', base_url: upstream.url, group: 'default' };
  await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'openai', type: 1, models: 'gpt-realtime', model_mapping: '{"gpt-realtime":"gpt-realtime-2025-08-28"}' });
  await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'azure', type: 3, models: 'gpt-realtime-az' });
  await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'claude', type: 14, models: 'claude-voice' });
  await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'revoked', type: 1, key: 'revoked-key', models: 'gpt-realtime-badkey' });
  const base = `${fixture.tollgate.url}/v1`;
  const open: OpenAIRealtimeWS[] = [];
  return {
    fixture,
    upstream,
    base,
    ws: `${base.replace(/^http/, 'ws')}/realtime`,
    session: async (key, model = 'gpt-realtime') => {
      const session = await sdkSession(base, key, model);
      open.push(session);
      return session;
    },
    close: async () => {
      for (const session of open) session.close();
      await upstream.close();
      await fixture.close();
    },
  };
}
