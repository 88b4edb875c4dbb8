import { describe, expect, it } from 'vitest';
import { SocketFanout } from './socket-fanout.js';

/** Socket.IO's `to(room).emit(...)`, recorded. */
function recordingRooms() {
  const emitted: { room: string; event: string; payload: unknown }[] = [];
  const rooms = { to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }) };
  return { rooms: rooms as unknown as ConstructorParameters<typeof SocketFanout>[0], emitted };
}

describe('SocketFanout', () => {
  it('emits to the user room and the admins room', () => {
    const { rooms, emitted } = recordingRooms();
    const fanout = new SocketFanout(rooms, () => true);
    fanout.toUser(7, 'log', { a: 1 });
    fanout.toAdmins('log', { a: 2 });
    expect(emitted).toEqual([
      { room: 'user:7', event: 'log', payload: { a: 1 } },
      { room: 'admins', event: 'log', payload: { a: 2 } },
    ]);
  });

  it('skips a room nobody listens to', () => {
    const { rooms, emitted } = recordingRooms();
    const fanout = new SocketFanout(rooms, (room) => room === 'user:7');
    fanout.toUser(7, 'log', 1);
    fanout.toUser(8, 'log', 2);
    fanout.toAdmins('log', 3);
    expect(emitted).toEqual([{ room: 'user:7', event: 'log', payload: 1 }]);
    expect([fanout.reachesUser(7), fanout.reachesUser(8), fanout.reachesAdmins()]).toEqual([true, false, false]);
  });
});
