import OpenAI from 'openai';
import type { ConsoleClient } from '../clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from './embedded-fixture.js';
import { chargeTracker } from '../clients/relay-billing.js';

/** A channel of one provider type, pointed at that provider's mock. */
export interface ProviderChannelSpec {
  type: number;
  key: string;
  baseUrl: string;
  /** The model the client asks for; the channel serves it and every ratio is 1. */
  model: string;
  /** More models the channel serves, priced the same. */
  alsoModels?: string[];
  other?: string;
}

/** An embedded Tollgate with one channel, a user with a key, its OpenAI client and its charges. */
export interface ProviderHarness {
  fixture: EmbeddedFixture;
  channelId: number;
  user: ConsoleClient;
  /** The user's Tollgate key, for clients of the native surfaces. */
  key: string;
  client: OpenAI;
  charges: ReturnType<typeof chargeTracker>;
  close(): Promise<void>;
}

export async function startProviderChannel(spec: ProviderChannelSpec): Promise<ProviderHarness> {
  const fixture = await startEmbeddedFixture();
  const models = [spec.model, ...(spec.alsoModels ?? [])];
  await priceModels(fixture, Object.fromEntries(models.map((m) => [m, 1])));
  const channel = { name: `type-${spec.type}`, type: spec.type, key: spec.key, base_url: spec.baseUrl, other: spec.other ?? '', models: models.join(','), group: 'default' };
  const [channelId] = await fixture.root.must<number[]>('POST', '/api/channel/', channel);
  const { user, key } = await userWithKey(fixture, 'frank', 100_000);
  const client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  return { fixture, channelId: channelId as number, user, key, client, charges: chargeTracker(user), close: () => fixture.close() };
}

/** What a streamed chat delivered: the text, the last finish reason and the usage chunk. */
export interface StreamedChat {
  text: string;
  finish: string | null | undefined;
  usage: OpenAI.CompletionUsage | null | undefined;
  chunks: number;
}

export async function streamChat(client: OpenAI, model: string, content = 'hi'): Promise<StreamedChat> {
  const stream = await client.chat.completions.create({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content }] });
  const seen: StreamedChat = { text: '', finish: undefined, usage: undefined, chunks: 0 };
  for await (const chunk of stream) {
    seen.chunks += 1;
    seen.text += chunk.choices[0]?.delta?.content ?? '';
    seen.finish = chunk.choices[0]?.finish_reason ?? seen.finish;
    seen.usage = chunk.usage ?? seen.usage;
  }
  return seen;
}

/** GET /api/channel/test/{id} as root: the envelope, with the model tried. */
export const testChannel = (harness: ProviderHarness) => harness.fixture.root.call<unknown>('GET', `/api/channel/test/${harness.channelId}`);
