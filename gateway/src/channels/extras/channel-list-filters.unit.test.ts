import { describe, expect, it } from 'vitest';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import { listOrder, statusFilterOf, typeCounts, withStatus, withType } from './channel-list-filters.js';

const channel = (id: number, fields: Partial<Channel>) => ({ id, type: 1, priority: 0, status: ChannelStatus.Enabled, ...fields }) as Channel;
const ids = (channels: Channel[]) => channels.map((c) => c.id);

describe("new-api's channel list filters", () => {
  const low = channel(1, { priority: 0 });
  const high = channel(2, { priority: 10, type: 14 });
  const newest = channel(3, { priority: 0, status: ChannelStatus.AutoDisabled });
  const manual = channel(4, { priority: -1, status: ChannelStatus.Disabled, type: 14 });
  const all = [low, high, newest, manual];

  it('orders by priority then newest, or newest first when sorting by id', () => {
    expect(ids([...all].sort(listOrder(false)))).toEqual([2, 3, 1, 4]);
    expect(ids([...all].sort(listOrder(true)))).toEqual([4, 3, 2, 1]);
  });

  it('reads the status filter as new-api does: enabled or 1, disabled or 0 (any way off), anything else all', () => {
    expect(['enabled', '1', 'Enabled', 'disabled', '0', 'all', '', undefined, '2'].map(statusFilterOf)).toEqual(['enabled', 'enabled', 'enabled', 'disabled', 'disabled', 'all', 'all', 'all', 'all']);
    expect(ids(withStatus(all, 'enabled'))).toEqual([1, 2]);
    expect(ids(withStatus(all, 'disabled'))).toEqual([3, 4]);
    expect(withStatus(all, 'all')).toBe(all);
  });

  it('filters by type (none or a negative type keeps all) and counts each type', () => {
    expect(ids(withType(all, 14))).toEqual([2, 4]);
    expect(withType(all, undefined)).toBe(all);
    expect(withType(all, -1)).toBe(all);
    expect({ ...typeCounts(all) }).toEqual({ 1: 2, 14: 2 });
    expect({ ...typeCounts(withStatus(all, 'enabled')) }).toEqual({ 1: 1, 14: 1 });
  });
});
