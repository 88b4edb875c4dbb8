import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { type Push, RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { LogRowPusher, TAIL_ROWS_PER_SECOND } from './log-pusher.js';

function quotaAdjusted(userId: number): LedgerEvent {
  return {
    type: 'QuotaAdjusted',
    data: { userId, username: `user-${userId}`, adminId: 1, delta: 500, content: '管理员将用户额度从 0 修改为 500' },
    metadata: { eventId: `evt-${userId}`, occurredAt: Date.UTC(2026, 10, 26), version: 1 },
  };
}

const pushedTo = (fanout: RecordingFanout) => fanout.pushes.map((push) => push.to);

describe('LogRowPusher', () => {
  const batch = [quotaAdjusted(7), quotaAdjusted(8)];

  it("pushes each row to its user's consoles and to the admins' live tails when all listen", () => {
    const fanout = new RecordingFanout();
    new LogRowPusher(fanout, () => 'never asked').push(batch);
    expect(pushedTo(fanout)).toEqual([{ userId: 7 }, 'admin-tail', { userId: 8 }, 'admin-tail']);
    expect(fanout.pushes[0]?.payload).toMatchObject({ user_id: 7, quota: 500 });
    expect(fanout.pushes[1]?.payload, 'a row without a channel names none').toMatchObject({ channel: 0, channel_name: '' });
  });

  it('pushes only to the audiences with a console open: an admin console without a tail gets no rows', () => {
    const listening = (to: Push['to']) => to === 'admins' || (typeof to === 'object' && to.userId === 8);
    const fanout = new RecordingFanout(listening);
    new LogRowPusher(fanout, () => 'never asked').push(batch);
    expect(pushedTo(fanout)).toEqual([{ userId: 8 }]);
  });

  it('pushes nothing when no console is open', () => {
    const fanout = new RecordingFanout(() => false);
    new LogRowPusher(fanout, () => 'never asked').push(batch);
    expect(fanout.pushes).toEqual([]);
  });

  it('given a burst past the bound, when the next second starts, then the tail got the bound and is told how many rows it missed', () => {
    let now = 10_000;
    const fanout = new RecordingFanout((to) => to === 'admin-tail');
    const rows = new LogRowPusher(fanout, () => 'c', () => now);
    const burst = Array.from({ length: TAIL_ROWS_PER_SECOND + 30 }, (_, i) => quotaAdjusted(100 + i));
    rows.push(burst);
    expect(fanout.pushes.filter((push) => push.event === 'log')).toHaveLength(TAIL_ROWS_PER_SECOND);
    expect(fanout.pushes.some((push) => push.event === 'log_dropped'), 'not said before the second ends').toBe(false);
    now += 1_000;
    rows.push([quotaAdjusted(7)]);
    expect(fanout.pushes.slice(TAIL_ROWS_PER_SECOND).map((push) => [push.event, push.payload])).toEqual([
      ['log_dropped', { rows: 30 }],
      ['log', expect.objectContaining({ user_id: 7 })],
    ]);
  });

  it("never bounds a user's own rows", () => {
    const fanout = new RecordingFanout((to) => typeof to === 'object');
    const burst = Array.from({ length: TAIL_ROWS_PER_SECOND * 2 }, () => quotaAdjusted(7));
    new LogRowPusher(fanout, () => 'c', () => 0).push(burst);
    expect(fanout.pushes).toHaveLength(TAIL_ROWS_PER_SECOND * 2);
  });
});
