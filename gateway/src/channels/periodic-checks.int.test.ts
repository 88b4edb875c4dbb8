import { afterEach, describe, expect, it } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';
import { newChannel } from '../../test/fakes/relay-harness.js';
import { startOpenAIMock } from '../../test/mock-upstream/openai/openai-mock.js';
import { startOpenAIAccountMock } from '../../test/mock-upstream/openai/openai-account-mock.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { startPeriodicChecks } from './periodic-checks.js';

describe('periodic checks on several gateways', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('ChannelTestFrequency: a shorter frequency saved while a long period runs applies within a second or two, with no restart', async () => {
    const upstream = await startOpenAIMock();
    try {
      const { deps } = await buildApiHarness({ ChannelTestFrequency: '60' }); // hourly
      await deps.channels.create(newChannel(upstream.url));
      stops.push(startPeriodicChecks(deps, (error) => { throw error; }));
      await new Promise((r) => setTimeout(r, 1_500));
      expect(upstream.requests.length).toBe(1); // the first look ran the hourly test
      await deps.options.set('ChannelTestFrequency', '0.02'); // every 1.2 s
      await new Promise((r) => setTimeout(r, 2_700));
      expect(upstream.requests.length).toBeGreaterThanOrEqual(3); // at once, then a period later
    } finally {
      await upstream.close();
    }
  });

  it('ChannelTestFrequency: run once per period in the cluster, however many gateways look', async () => {
    const upstream = await startOpenAIMock();
    try {
      const { deps } = await buildApiHarness({ ChannelTestFrequency: '0.05' }); // a 3 s period
      await deps.channels.create(newChannel(upstream.url));
      const shared = new InProcessLeases(); // what Redis is to real gateways
      for (let gateway = 0; gateway < 4; gateway++) stops.push(startPeriodicChecks({ ...deps, leases: shared }, (error) => { throw error; }));
      await new Promise((r) => setTimeout(r, 3_500)); // each of the four gateways looks at 1, 2 and 3 s
      expect(upstream.requests.length).toBe(1); // the first look claimed the period (until ~4 s)
    } finally {
      await upstream.close();
    }
  });

  it("checks the channels watching their upstream's models at once, then half-hourly: auto-sync adds new models, the others only list them", async () => {
    const account = await startOpenAIAccountMock({ key: 'sk-account', models: ['gpt-4o', 'gpt-5'], hardLimitUsd: 0, totalUsageCents: 0 });
    try {
      const { deps } = await buildApiHarness();
      const settings = (autoSync: boolean) => JSON.stringify({ upstream_model_update_check_enabled: true, upstream_model_update_auto_sync_enabled: autoSync });
      const synced = await deps.channels.create(newChannel(account.url, { key: 'sk-account', models: 'gpt-4o', settings: settings(true) }));
      const listed = await deps.channels.create(newChannel(account.url, { key: 'sk-account', models: 'gpt-4o', settings: settings(false) }));
      const unwatched = await deps.channels.create(newChannel(account.url, { key: 'sk-account', models: 'gpt-4o' }));
      stops.push(startPeriodicChecks(deps, (error) => { throw error; }));
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await deps.channels.byId(synced.id))?.models).toBe('gpt-4o,gpt-5');
      expect((await deps.channels.byId(listed.id))?.models).toBe('gpt-4o');
      expect(JSON.parse((await deps.channels.byId(listed.id))?.settings ?? '{}')).toMatchObject({ upstream_model_update_last_detected_models: ['gpt-5'] });
      expect((await deps.channels.byId(unwatched.id))?.settings).toBe('');
      expect(account.paths.filter((p) => p === '/v1/models')).toHaveLength(2);
    } finally {
      await account.close();
    }
  });
});
