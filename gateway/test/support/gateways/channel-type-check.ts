import OpenAI from 'openai';
import { expect } from 'vitest';
import { chargeTracker } from '../clients/relay-billing.js';
import { type EmbeddedFixture, userWithKey } from './embedded-fixture.js';

/** A channel of one type, on a stand-in that answers `reply` with this usage. */
export interface ChannelTypeCase {
  type: number;
  key: string;
  baseUrl: string;
  /** A model name unique to this case (every ratio 1). */
  model: string;
  other?: string;
  reply: string;
  promptTokens: number;
  outputTokens: number;
  /** The provider reports no usage: the gateway counts it (the test then checks the charge matches what the client was told). */
  counted?: boolean;
}

/** Adds the case's channel; returns its id. The model must already be priced. */
export async function addCaseChannel(fixture: EmbeddedFixture, c: ChannelTypeCase): Promise<number> {
  const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', { name: `type-${c.type}`, type: c.type, key: c.key, base_url: c.baseUrl, other: c.other ?? '', models: c.model, group: 'default' });
  return id as number;
}

async function streamed(client: OpenAI, model: string) {
  const stream = await client.chat.completions.create({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
  let text = '';
  let usage: OpenAI.CompletionUsage | null | undefined;
  let finish: string | null | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta?.content ?? '';
    finish = chunk.choices[0]?.finish_reason ?? finish;
    usage = chunk.usage ?? usage;
  }
  return { text, usage, finish };
}

/**
 * Through the OpenAI SDK: a plain and a streamed chat on the case's channel, each answered with
 * the stand-in's text and usage and charged exactly (prompt + output at ratio 1); then the
 * channel test passes.
 */
export async function checkChannelType(fixture: EmbeddedFixture, c: ChannelTypeCase, username: string): Promise<void> {
  const channelId = await addCaseChannel(fixture, c);
  const { user, key } = await userWithKey(fixture, username, 100_000);
  const client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  const charges = chargeTracker(user);

  const completion = await client.chat.completions.create({ model: c.model, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
  expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: c.reply }, finish_reason: 'stop' });
  const told = { prompt_tokens: completion.usage?.prompt_tokens ?? 0, completion_tokens: completion.usage?.completion_tokens ?? 0 };
  if (c.counted) expect(told.completion_tokens).toBeGreaterThan(0);
  else expect(told).toEqual({ prompt_tokens: c.promptTokens, completion_tokens: c.outputTokens });
  const each = told.prompt_tokens + told.completion_tokens;
  expect(await charges.expectCharged(each)).toMatchObject({ model_name: c.model, quota: each, is_stream: false });

  const usage = c.counted ? { completion_tokens: told.completion_tokens } : { prompt_tokens: c.promptTokens, completion_tokens: c.outputTokens };
  const stream = await streamed(client, c.model);
  expect(stream).toMatchObject({ text: c.reply, finish: 'stop', usage });
  const streamedEach = (stream.usage?.prompt_tokens ?? 0) + (stream.usage?.completion_tokens ?? 0);
  expect(await charges.expectCharged(streamedEach)).toMatchObject({ quota: streamedEach, is_stream: true });

  expect(await fixture.root.call('GET', `/api/channel/test/${channelId}`)).toMatchObject({ success: true, message: '' });
}
