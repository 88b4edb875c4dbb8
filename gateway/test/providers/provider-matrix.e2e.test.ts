import OpenAI from 'openai';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import type { ProviderMock } from '../mock-upstream/provider-mock.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { providerFor } from '../../src/providers/index.js';
import { FAMILIES } from './families/index.js';
import { CELLS } from './matrix-cells.js';
import { moneyTracker } from './matrix-money.js';
import { matrixCells } from './matrix-table.js';
import { type FamilyName, PROVIDER_ROWS, type ProviderRow } from './provider-rows.js';

const START_QUOTA = 1_000_000;

// Cells wait mostly on the ledger and the log: many at once keep the matrix inside its time budget.
vi.setConfig({ maxConcurrency: 16 });

/**
 * Every provider row in every case it supports, through one real embedded gateway over HTTP:
 * the client's answer and the money (the log row's tokens, the user's quota) of each cell, against
 * one protocol-true mock per wire family. Each cell has its own user, so cells run in parallel.
 */
describe.concurrent('provider matrix', () => {
  let fixture: EmbeddedFixture;
  const mocks = new Map<FamilyName, ProviderMock>();
  const channelIds = new Map<ProviderRow, number>();
  const completionRatios = new Map<string, number>();

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    for (const [name, family] of Object.entries(FAMILIES)) mocks.set(name as FamilyName, await family.start());
    await priceModels(fixture, Object.fromEntries(PROVIDER_ROWS.map((row) => [row.model, 1])));
    // A 429, and a refusal sent with 200 (judged as 502), are retried once on another channel; a 500 is not, so its cell sees the upstream's error.
    await fixture.root.must('PUT', '/api/option/', { key: 'RetryTimes', value: '1' });
    await fixture.root.must('PUT', '/api/option/', { key: 'AutomaticRetryStatusCodes', value: '429,502' });
    for (const row of PROVIDER_ROWS) {
      const backup = { name: `${row.provider}-backup`, type: 1, key: 'sk-backup', base_url: mocks.get('openai')?.url, models: row.model, group: 'default', priority: 0 };
      await fixture.root.must('POST', '/api/channel/', backup);
      const url = mocks.get(row.family)?.url ?? '';
      const channel = { name: row.provider, type: row.channelType, key: typeof row.key === 'string' ? row.key : row.key(url), base_url: url, other: row.other ?? '', models: row.model, group: 'default', priority: 10 };
      const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', channel);
      channelIds.set(row, id ?? 0);
    }
    const pricing = (await (await fetch(`${fixture.tollgate.url}/api/pricing`)).json()) as { data: { model_name: string; completion_ratio: number }[] };
    for (const entry of pricing.data) completionRatios.set(entry.model_name, entry.completion_ratio);
  });

  afterAll(async () => {
    await fixture?.close();
    await Promise.all([...mocks.values()].map((mock) => mock.close()));
  });

  matrixCells().forEach(({ row, name }, index) => {
    it(`${row.provider} (type ${row.channelType}, ${row.family} wire): ${name}`, async ({ expect }) => {
      const { user, key } = await userWithKey(fixture, `cell${index}`, START_QUOTA);
      const client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0, timeout: 20_000 });
      const context = { id: `c${index}`, model: row.model, upstream: mocks.get(row.family)?.requests ?? [], backupUpstream: mocks.get('openai')?.requests ?? [], sends: row.sends, testChannel: () => fixture.root.call('GET', `/api/channel/test/${channelIds.get(row)}`) };
      await CELLS[name]({ ...context, client, url: fixture.tollgate.url, key, money: moneyTracker(user, START_QUOTA), bodyCodedErrors: FAMILIES[row.family].bodyCodedErrors, completionRatio: completionRatios.get(row.model) ?? Number.NaN, countsUsage: row.reportsUsage === false, cannotTake: providerFor(row.channelType).cannotTake ?? [], expect });
    });
  });
});
