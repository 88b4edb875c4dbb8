import { countTokens } from 'gpt-tokenizer';
import { expect } from 'vitest';
import { type NoUsageMock, type ScriptedAnswer, startNoUsageMock } from '../../mock-upstream/no-usage-mock.js';
import { type ConsoleClient, eventually } from '../clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from './embedded-fixture.js';
import type { ConsumeRow } from '../clients/relay-billing.js';

/** The client's prompt: one user message, whatever the surface's shape of it. */
export const PROMPT = 'Which tool tells me the weather in Paris tomorrow?';

/** An answer with reasoning, text and a tool call: all of it is completion. */
export const FULL: ScriptedAnswer = {
  reasoning: 'The user wants a forecast, so the weather tool fits. ',
  text: 'Let me look that up for you.',
  tool: { name: 'get_weather', args: { city: 'Paris', day: 'tomorrow' } },
};

/** The tokens of everything the answer produced, in the order it is produced (reasoning, text, the call's name and arguments). */
export const completionTokensOf = (answer: ScriptedAnswer): number =>
  countTokens(answer.reasoning + answer.text + (answer.tool ? answer.tool.name + JSON.stringify(answer.tool.args) : ''));

/** The models, each served by one channel of its protocol pointed at the same usage-less mock. */
export const MODELS = { openai: 'gpt-nousage', claude: 'claude-nousage', gemini: 'gemini-nousage' } as const;

export interface NoUsageHarness {
  fixture: EmbeddedFixture;
  upstream: NoUsageMock;
  user: ConsoleClient;
  key: string;
  /** Waits for the next call's log row and ledger charge, and checks they billed exactly these tokens (every ratio is 1). */
  expectBilled(promptTokens: number, completionTokens: number): Promise<void>;
  /** Catches up with calls no expectation waited for (a test that failed early), so one failure does not fail the rest. */
  resync(): Promise<void>;
  close(): Promise<void>;
}

/** A real embedded Tollgate with an OpenAI, a Claude and a Gemini channel on a mock that never reports usage. */
export async function startNoUsageHarness(username: string): Promise<NoUsageHarness> {
  const fixture = await startEmbeddedFixture();
  const upstream = await startNoUsageMock(FULL);
  await priceModels(fixture, { [MODELS.openai]: 1, [MODELS.claude]: 1, [MODELS.gemini]: 1 });
  const channels = [
    { name: 'openai', type: 1, model: MODELS.openai },
    { name: 'claude', type: 14, model: MODELS.claude },
    { name: 'gemini', type: 24, model: MODELS.gemini },
  ];
  for (const { name, type, model } of channels) {
    await fixture.root.must('POST', '/api/channel/', { name, type, key: `${name}-upstream-key`, base_url: upstream.url, models: model, group: 'default' });
  }
  const { user, key } = await userWithKey(fixture, username, 1_000_000);
  let calls = 0;
  let charged = 0;
  return {
    fixture,
    upstream,
    user,
    key,
    async expectBilled(promptTokens, completionTokens) {
      calls += 1;
      const row = await eventually(async () => {
        const page = await user.must<{ items: ConsumeRow[]; total: number }>('GET', '/api/log/self/?p=1&page_size=1&type=2');
        return page.total === calls ? page.items[0] : undefined;
      }, 5000, `${calls} consume rows`);
      // The next call's charge is checked against what this one really cost, right or wrong.
      charged += row?.quota ?? 0;
      expect({ prompt: row?.prompt_tokens, completion: row?.completion_tokens, quota: row?.quota }).toEqual({ prompt: promptTokens, completion: completionTokens, quota: promptTokens + completionTokens });
      const self = await eventually(async () => {
        const view = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
        return view.request_count === calls ? view : undefined;
      }, 5000, `${calls} calls in the ledger`);
      expect(self.used_quota).toBe(charged);
    },
    async resync() {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const self = await user.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      ({ request_count: calls, used_quota: charged } = self);
    },
    close: async () => {
      await fixture.close();
      await upstream.close();
    },
  };
}
