import { describe, expect, it } from 'vitest';
import type { UsageMeter } from './usage-meter.js';

const T0 = 1_790_000_000_000; // a whole second

/** Every UsageMeter adapter (in-process, Redis) must pass this suite. */
export function runUsageMeterContract(name: string, factory: () => Promise<UsageMeter>): void {
  describe(`UsageMeter contract: ${name}`, () => {
    it('sums the last 60 seconds for everyone and per user', async () => {
      const meter = await factory();
      await meter.record([{ userId: 1, tokens: 100, atMs: T0 }]);
      await meter.record([{ userId: 1, tokens: 50, atMs: T0 + 30_000 }]);
      await meter.record([{ userId: 2, tokens: 7, atMs: T0 + 59_999 }]);
      const reading = await meter.lastMinute([1, 2, 3], T0 + 59_999);
      expect(reading.all).toEqual({ rpm: 3, tpm: 157 });
      expect([...reading.users]).toEqual([[1, { rpm: 2, tpm: 150 }], [2, { rpm: 1, tpm: 7 }], [3, { rpm: 0, tpm: 0 }]]);
    });

    it('drops what is older than 60 seconds', async () => {
      const meter = await factory();
      await meter.record([{ userId: 1, tokens: 100, atMs: T0 }]);
      await meter.record([{ userId: 1, tokens: 1, atMs: T0 + 60_000 }]);
      expect((await meter.lastMinute([1], T0 + 60_000)).all).toEqual({ rpm: 1, tpm: 1 });
    });

    it('counts concurrent calls without losing one', async () => {
      const meter = await factory();
      await Promise.all(Array.from({ length: 50 }, (_, i) => meter.record([{ userId: i % 5, tokens: 2, atMs: T0 + i }])));
      const reading = await meter.lastMinute([0, 4], T0 + 1_000);
      expect(reading.all).toEqual({ rpm: 50, tpm: 100 });
      expect(reading.users.get(4)).toEqual({ rpm: 10, tpm: 20 });
    });

    it('counts a batch of several users and seconds as it counts each call alone', async () => {
      const meter = await factory();
      const calls = [
        { userId: 1, tokens: 10, atMs: T0 },
        { userId: 2, tokens: 20, atMs: T0 + 400 },
        { userId: 1, tokens: 30, atMs: T0 + 999 },
        { userId: 1, tokens: 40, atMs: T0 + 1_000 },
      ];
      await meter.record(calls);
      const reading = await meter.lastMinute([1, 2], T0 + 1_000);
      const firstSecondOnly = await meter.lastMinute([1], T0 + 60_999);
      expect({ all: reading.all, users: [...reading.users], later: firstSecondOnly.users.get(1) }).toEqual({
        all: { rpm: 4, tpm: 100 },
        users: [[1, { rpm: 3, tpm: 80 }], [2, { rpm: 1, tpm: 20 }]],
        later: { rpm: 1, tpm: 40 },
      });
    });
  });
}
