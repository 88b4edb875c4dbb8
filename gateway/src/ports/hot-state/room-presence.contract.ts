import { Server } from 'socket.io';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LocalRooms, RoomPresence } from './room-presence.js';

/**
 * A real Socket.IO adapter, driven directly: a socket joining is `addAll`, leaving is `delAll`.
 * The server is never attached to a port, so it holds nothing to close.
 */
export function gatewayRooms(): LocalRooms & { addAll(id: string, rooms: Set<string>): void; delAll(id: string): void } {
  return new Server().of('/').adapter;
}

function join(rooms: ReturnType<typeof gatewayRooms>, socketId: string, ...names: string[]): void {
  rooms.addAll(socketId, new Set([socketId, ...names]));
}

/** Waits (vitest's own retry loop) until `check` holds: presence travels over pub/sub in a cluster. */
export const until = (check: () => boolean, timeout = 2_000): Promise<void> =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('presence did not settle in time');
    },
    { timeout, interval: 5 },
  );

const settleMs = 100;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every RoomPresence adapter must pass this. `factory` returns the presence of two gateways that
 * share the same bus (the in-process one may return the same object twice), and a `close` that
 * ends both.
 */
export function runRoomPresenceContract(name: string, factory: () => Promise<[RoomPresence, RoomPresence, () => Promise<void>]>): void {
  /** Two gateways, each watching its own Socket.IO rooms; `stopA` ends the first one's watch. */
  async function twoGateways() {
    const [a, b, close] = await factory();
    onTestFinished(close);
    const [roomsA, roomsB] = [gatewayRooms(), gatewayRooms()];
    const stopA = a.watch(roomsA);
    b.watch(roomsB);
    return { a, b, roomsA, roomsB, stopA };
  }

  describe(`RoomPresence contract: ${name}`, () => {
    it('hears a room on every gateway while a socket of one is in it, and no other room', async () => {
      const { a, b, roomsA } = await twoGateways();
      join(roomsA, 'socket-1', 'user:7', 'admins');
      await until(() => b.heard('admins') && b.heard('user:7'));
      expect([a.heard('admins'), a.heard('user:8'), b.heard('user:8'), b.heard('socket-1')]).toEqual([true, false, false, false]);
      roomsA.delAll('socket-1');
      await until(() => !b.heard('admins'));
      expect([a.heard('admins'), a.heard('user:7'), b.heard('user:7')]).toEqual([false, false, false]);
    });

    it("keeps hearing a room that one gateway's socket left while another's is still in it", async () => {
      const { a, b, roomsA, roomsB } = await twoGateways();
      join(roomsA, 'socket-1', 'admins');
      join(roomsB, 'socket-2', 'admins');
      await until(() => a.heard('admins') && b.heard('admins'));
      roomsA.delAll('socket-1');
      await pause(settleMs);
      expect([a.heard('admins'), b.heard('admins')]).toEqual([true, true]);
    });

    it('forgets the rooms of a gateway that stopped watching', async () => {
      const { a, b, roomsA, stopA } = await twoGateways();
      join(roomsA, 'socket-1', 'admins');
      await until(() => b.heard('admins'));
      stopA();
      await until(() => !b.heard('admins'));
      expect(a.heard('admins')).toBe(false);
    });
  });
}
