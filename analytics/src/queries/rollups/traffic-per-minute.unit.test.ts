import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../../testing/capturing-querier.js';
import { trafficPerMinute } from './traffic-per-minute.js';

describe('trafficPerMinute', () => {
  it('sums the minute rollup over everyone per minute, within the bounds, and coerces the rows', async () => {
    const querier = new CapturingQuerier(() => [{ minute: '120', calls: '3', tokens: '36', quota: '40' }]);
    const rows = await trafficPerMinute(querier)({ fromMinute: 60, toMinute: 3_600 });
    const [query] = querier.queries;
    expect(query?.sql).toContain('FROM usage_per_minute');
    expect(query?.sql).toContain('minute >= toDateTime({fromMinute:UInt32}) AND minute <= toDateTime({toMinute:UInt32})');
    expect(query?.sql).toContain('GROUP BY minute');
    expect(query?.params).toEqual({ fromMinute: 60, toMinute: 3_600 });
    expect(rows).toEqual([{ minute: 120, calls: 3, tokens: 36, quota: 40 }]);
  });

  it('refuses bounds that are not whole seconds', async () => {
    await expect(trafficPerMinute(new CapturingQuerier())({ fromMinute: 1.5, toMinute: 2 })).rejects.toThrow();
  });
});
