import { adminLogEntrySchema, type LedgerEvent, selfLogEntrySchema, shownLogEntrySchema } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import type { ChannelStore } from '../ports/documents/channel-store.js';
import { withChannelNames } from './channel-names.js';
import { logRowOf, selfRow } from './visible-row.js';

const metadata = (eventId: string) => ({ eventId, occurredAt: 1_717_200_000_000, version: 1 as const });
const events: LedgerEvent[] = [
  {
    type: 'UsageRecorded',
    data: {
      requestId: 'r1', holdId: 'h1', userId: 7, username: 'amy', tokenId: 2, tokenName: 'ci', channelId: 3, model: 'gpt-4o', group: 'default', promptTokens: 5,
      completionTokens: 7, quota: 12, isStream: true, useTimeMs: 2_500, content: '', other: { model_ratio: 1, completion_ratio: 1, group_ratio: 1, model_price: -1, frt: 90, admin_info: { x: 1 } },
    },
    metadata: metadata('e1'),
  },
  { type: 'QuotaAdjusted', data: { userId: 7, username: 'amy', adminId: 1, delta: -500, content: '管理员减少额度' }, metadata: metadata('e2') },
  { type: 'TaskRefunded', data: { taskId: 't1', userId: 7, username: 'amy', tokenId: 2, channelId: 3, quota: 40, content: '补偿' }, metadata: metadata('e3') },
];

const channels = { byId: async (id: number) => (id === 3 ? { name: 'main' } : null) } as unknown as ChannelStore;

describe('log rows from analytics, as the console parses them', () => {
  it("a user's own row, an administrator's row and the row pushed before names are joined each parse with @tollgate/wire's schemas", async () => {
    for (const event of events) {
      const row = logRowOf(event);
      if (!row) throw new Error(`no row for ${event.type}`);
      expect(shownLogEntrySchema.parse(row)).toEqual(row);
      const self = selfRow(row);
      expect(selfLogEntrySchema.parse(self)).toEqual(self);
      const [admin] = await withChannelNames(channels, [row]);
      expect(adminLogEntrySchema.parse(admin)).toEqual(admin);
    }
  });

  it("keeps admin_info out of a user's own row", () => {
    const [usage] = events;
    const row = usage && logRowOf(usage);
    if (!row) throw new Error('no consume row');
    expect(JSON.parse(row.other)).toHaveProperty('admin_info');
    expect(JSON.parse(selfRow(row).other)).not.toHaveProperty('admin_info');
  });
});

describe('a top-up row, as new-api writes it', () => {
  it("has an empty `other`, in the log row and in the user's own view (not {})", () => {
    const row = logRowOf({ type: 'QuotaGranted', data: { userId: 7, username: 'amy', amount: 500, logType: 1, content: '通过兑换码充值 $1', source: 'redemption' }, metadata: metadata('e4') });
    expect(row?.other).toBe('');
    expect(row && selfRow(row).other).toBe('');
  });
});
