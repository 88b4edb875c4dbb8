import { type AnthropicMock, startAnthropicMock } from '../../mock-upstream/anthropic-google/anthropic-mock.js';
import { type GeminiMock, startGeminiMock } from '../../mock-upstream/anthropic-google/gemini-mock.js';
import type { ConsoleClient } from '../clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from './embedded-fixture.js';

/** The model each channel serves: one channel per protocol the relay translates between. */
export const MODELS = { openai: 'gpt-fuzz', claude: 'claude-fuzz', gemini: 'gemini-fuzz' } as const;

/** An embedded Tollgate with an OpenAI, a Claude and a Gemini channel, each on its loopback mock (all answer 200), and a user with a key. */
export interface ThreeChannels {
  fixture: EmbeddedFixture;
  claude: AnthropicMock;
  gemini: GeminiMock;
  /** A plain user, signed in (session cookie), with quota. */
  user: ConsoleClient;
  /** The user's `sk-` key. */
  key: string;
  /** How many requests reached any upstream mock. */
  upstreamCalls(): number;
  close(): Promise<void>;
}

export async function startThreeChannels(env: Record<string, string> = {}): Promise<ThreeChannels> {
  const fixture = await startEmbeddedFixture({}, env);
  const claude = await startAnthropicMock('claude-upstream-key');
  const gemini = await startGeminiMock({ reply: 'Hello from Gemini', promptTokens: 5, outputTokens: 3 });
  await priceModels(fixture, { [MODELS.openai]: 1, [MODELS.claude]: 1, [MODELS.gemini]: 1 });
  const channel = (name: string, type: number, key: string, url: string, model: string) => fixture.root.must('POST', '/api/channel/', { name, type, key, base_url: url, models: model, group: 'default' });
  await channel('openai', 1, 'sk-openai-upstream', fixture.upstream.url, MODELS.openai);
  await channel('claude', 14, 'claude-upstream-key', claude.url, MODELS.claude);
  await channel('gemini', 24, 'gemini-upstream-key', gemini.url, MODELS.gemini);
  const { user, key } = await userWithKey(fixture, 'fuzzer', 1_000_000_000);
  return {
    fixture,
    claude,
    gemini,
    user,
    key,
    upstreamCalls: () => fixture.upstream.requests.length + claude.requests.length + gemini.requests.length,
    close: async () => {
      await fixture.close();
      await claude.close();
      await gemini.close();
    },
  };
}

/** The headers every surface reads its key from (Bearer, x-api-key, x-goog-api-key). */
export const relayHeaders = (key: string) => ({ authorization: `Bearer ${key}`, 'x-api-key': key, 'x-goog-api-key': key, 'content-type': 'application/json' });
