import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnthropicMock, startAnthropicMock } from '../mock-upstream/anthropic-google/anthropic-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #39, price depth: a Claude answer that wrote its cache for an hour and ran web searches, as
 * Anthropic reports them (usage.cache_creation by TTL, usage.server_tool_use), billed through the
 * native surface with the official SDK. Ratios 1, new-api's default cache-write ratio 1.25 (an hour's
 * write 1.6 times that), Claude's web search $10 per 1,000, 500,000 quota per dollar.
 */
const INPUT = 21;
const OUTPUT = 8;
const READ = 50;
const WRITTEN_5M = 100;
const WRITTEN_1H = 200;
const SEARCHES = 2;
const cacheUsage = { cache_read_input_tokens: READ, cache_creation_input_tokens: WRITTEN_5M + WRITTEN_1H, cache_creation: { ephemeral_5m_input_tokens: WRITTEN_5M, ephemeral_1h_input_tokens: WRITTEN_1H } };
const TOKENS = INPUT + READ + WRITTEN_5M * 1.25 + WRITTEN_1H * 1.25 * 1.6 + OUTPUT;
const SEARCH_QUOTA = ((SEARCHES * 10) / 1000) * 500_000;
const EXPECTED = Math.round(TOKENS + SEARCH_QUOTA);

describe('Claude cache writes kept an hour, and web searches, on the native surface', () => {
  let fixture: EmbeddedFixture;
  let claude: AnthropicMock;
  let ivan: ConsoleClient;
  let client: Anthropic;
  // The web search tool's max_uses sizes the hold: the searches the answer reports are billed in full.
  const ask = {
    model: 'claude-test',
    max_tokens: 64,
    system: [{ type: 'text' as const, text: 'Long context.', cache_control: { type: 'ephemeral' as const, ttl: '1h' as const } }],
    tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 3 }],
    messages: [{ role: 'user' as const, content: 'search it' }],
  };

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    claude = await startAnthropicMock('sk-ant-upstream', { reply: 'Found it', inputTokens: INPUT, outputTokens: OUTPUT, cacheUsage, serverToolUse: { web_search_requests: SEARCHES } });
    await priceModels(fixture, { 'claude-test': 1 });
    await fixture.root.must('POST', '/api/channel/', { name: 'claude', type: 14, key: 'sk-ant-upstream', base_url: claude.url, models: 'claude-test', group: 'default' });
    let key: string;
    ({ user: ivan, key } = await userWithKey(fixture, 'ivan', 1_000_000));
    client = new Anthropic({ apiKey: key, baseURL: fixture.tollgate.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await fixture?.close();
    await claude?.close();
  });

  const lastCharge = async (calls: number) =>
    eventually(async () => {
      const page = await ivan.must<{ items: Array<{ quota: number; other: string }> }>('GET', '/api/log/self/?type=2&page_size=10');
      return page.items.length === calls ? page.items[0] : undefined;
    }, 10_000, `${calls} calls logged`);

  it('bills a whole answer: the hour-long writes at 1.6 times the write ratio, and each web search at its price', async () => {
    const message = await client.messages.create(ask);
    expect(message.usage).toMatchObject({ input_tokens: INPUT, server_tool_use: { web_search_requests: SEARCHES } });
    const row = await lastCharge(1);
    expect(row?.quota).toBe(EXPECTED);
    expect(JSON.parse(row?.other ?? '{}')).toMatchObject({ cache_creation_tokens_1h: WRITTEN_1H, cache_creation_ratio_1h: 2, web_search_call_count: SEARCHES, web_search_price: 10 });
  });

  it('bills a stream the same, the searches read from its message_delta', async () => {
    await client.messages.stream(ask).finalMessage();
    expect((await lastCharge(2))?.quota).toBe(EXPECTED);
  });
});
