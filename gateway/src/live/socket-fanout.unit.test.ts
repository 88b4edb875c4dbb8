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
    fanout.toUser(7, 'channel', { id: 1 });
    fanout.toAdmins('channel', { id: 2 });
    expect(emitted).toEqual([
      { room: 'user:7', event: 'channel', payload: { id: 1 } },
      { room: 'admins', event: 'channel', payload: { id: 2 } },
    ]);
  });

  it('skips a room nobody listens to', () => {
    const { rooms, emitted } = recordingRooms();
    const fanout = new SocketFanout(rooms, (room) => room === 'user:7');
    fanout.toUser(7, 'channel', { id: 1 });
    fanout.toUser(8, 'channel', { id: 2 });
    fanout.toAdmins('channel', { id: 3 });
    expect(emitted).toEqual([{ room: 'user:7', event: 'channel', payload: { id: 1 } }]);
    expect([fanout.reachesUser(7), fanout.reachesUser(8), fanout.reachesAdmins()]).toEqual([true, false, false]);
  });
});
