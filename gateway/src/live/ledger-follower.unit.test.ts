import { EventEmitter } from 'node:events';
import type { BalancesChanged } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { describe, expect, it, vi } from 'vitest';
import type { LiveFanout } from '../ports/live-fanout.js';
import { followLedger } from './ledger-follower.js';

const balance = (userId: number, quota: number) => ({ userId, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 });
const batch = (...users: number[]): BalancesChanged => ({
  users: users.map((userId) => balance(userId, userId * 10)),
  tokens: [],
  channels: [],
  settledHolds: [],
  appliedEvents: users.map((userId) => ({ eventId: `e${userId}`, userId })),
});

/** A gateway's local rooms as Socket.IO's adapter keeps them, with its room events. */
function gatewayRooms(...open: string[]) {
  const adapter = Object.assign(new EventEmitter(), { rooms: new Map(open.map((room) => [room, new Set(['socket'])])) });
  const join = (room: string) => (adapter.rooms.set(room, new Set(['socket'])), adapter.emit('create-room', room));
  const leave = (room: string) => (adapter.rooms.delete(room), adapter.emit('delete-room', room));
  return { adapter, join, leave };
}

function recordingFanout() {
  const pushed: { userId: number; quota: number }[] = [];
  const fanout = { toUser: (userId: number, _event: string, payload: { quota: number }) => pushed.push({ userId, quota: payload.quota }) } as unknown as LiveFanout;
  return { pushed, fanout };
}

describe('followLedger', () => {
  it("given consoles open for user 2, when a batch moves users 1, 2 and 3, then only user 2's console is pushed their balance", async () => {
    const notifier = createInProcessBalanceNotifier();
    const { adapter } = gatewayRooms('user:2', 'admins');
    const { pushed, fanout } = recordingFanout();
    followLedger(notifier, adapter, fanout, { error: vi.fn() });
    await notifier.publish(batch(1, 2, 3));
    expect(pushed).toEqual([{ userId: 2, quota: 20 }]);
  });

  it("given a console that opens then closes, when batches come, then the user is followed only while a console is open, and not at all after the stop", async () => {
    const notifier = createInProcessBalanceNotifier();
    const rooms = gatewayRooms();
    const { pushed, fanout } = recordingFanout();
    const stop = followLedger(notifier, rooms.adapter, fanout, { error: vi.fn() });
    await notifier.publish(batch(4));
    rooms.join('user:4');
    await notifier.publish(batch(4));
    rooms.leave('user:4');
    await notifier.publish(batch(4));
    rooms.join('user:4');
    stop();
    await notifier.publish(batch(4));
    expect(pushed).toEqual([{ userId: 4, quota: 40 }]);
  });
});
