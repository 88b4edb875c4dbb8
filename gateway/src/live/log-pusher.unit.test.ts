import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { type Push, RecordingFanout } from '../../test/fakes/recording-fanout.js';
import { pushLogRows } from './log-pusher.js';

function quotaAdjusted(userId: number): LedgerEvent {
  return {
    type: 'QuotaAdjusted',
    data: { userId, username: `user-${userId}`, adminId: 1, delta: 500, content: '管理员将用户额度从 0 修改为 500' },
    metadata: { eventId: `evt-${userId}`, occurredAt: Date.UTC(2026, 10, 26), version: 1 },
  };
}

const pushedTo = (fanout: RecordingFanout) => fanout.pushes.map((push) => push.to);

describe('pushLogRows', () => {
  const batch = [quotaAdjusted(7), quotaAdjusted(8)];

  it("pushes each row to its user's consoles and to the admins' when all listen", () => {
    const fanout = new RecordingFanout();
    pushLogRows(fanout, batch, () => 'never asked');
    expect(pushedTo(fanout)).toEqual([{ userId: 7 }, 'admins', { userId: 8 }, 'admins']);
    expect(fanout.pushes[0]?.payload).toMatchObject({ user_id: 7, quota: 500 });
    expect(fanout.pushes[1]?.payload, 'a row without a channel names none').toMatchObject({ channel: 0, channel_name: '' });
  });

  it('pushes only to the audiences with a console open', () => {
    const listening = (to: Push['to']) => to !== 'admins' && to.userId === 8;
    const fanout = new RecordingFanout(listening);
    pushLogRows(fanout, batch, () => 'never asked');
    expect(pushedTo(fanout)).toEqual([{ userId: 8 }]);
  });

  it('pushes nothing when no console is open', () => {
    const fanout = new RecordingFanout(() => false);
    pushLogRows(fanout, batch, () => 'never asked');
    expect(fanout.pushes).toEqual([]);
  });
});
