import { afterEach, describe, expect, it } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';
import { newChannel } from '../../test/fakes/relay-harness.js';
import { startOpenAIMock } from '../../test/mock-upstream/openai-mock.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { startPeriodicChecks } from './periodic-checks.js';

describe('periodic checks on several gateways', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('run once per period in the cluster, however many gateways look', async () => {
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
});
