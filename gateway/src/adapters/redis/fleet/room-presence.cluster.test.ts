import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { gatewayRooms, runRoomPresenceContract, until } from '../../../ports/hot-state/room-presence.contract.js';
import { type RoomPresenceTiming, RedisRoomPresence } from './room-presence.js';

const uniqueChannel = () => `tg-presence-test-${process.pid}-${Date.now()}-${Math.random()}`;

/** A gateway's presence on its own two connections; `vanish` drops them without a word, as a crash would. */
function gatewayOn(channel: string, timing?: RoomPresenceTiming) {
  const [publisher, subscriber] = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
  const vanish = () => [publisher, subscriber].forEach((connection) => connection.disconnect());
  onTestFinished(vanish);
  return { presence: new RedisRoomPresence(publisher, subscriber, channel, (error) => console.error(error), timing), vanish };
}

runRoomPresenceContract('redis', async () => {
  const channel = uniqueChannel();
  const [a, b] = [gatewayOn(channel), gatewayOn(channel)];
  return [a.presence, b.presence, async () => [a, b].forEach((gateway) => gateway.vanish())];
});

describe('RedisRoomPresence', () => {
  it('tells a gateway that starts the rooms already open elsewhere at once, not at the next heartbeat', async () => {
    const channel = uniqueChannel();
    const running = gatewayOn(channel, { heartbeatMs: 60_000 });
    const rooms = gatewayRooms();
    running.presence.watch(rooms);
    rooms.addAll('socket-1', new Set(['socket-1', 'admins']));
    const starting = gatewayOn(channel, { heartbeatMs: 60_000 });
    starting.presence.watch(gatewayRooms());
    await until(() => starting.presence.heard('admins'), 1_000);
    expect(starting.presence.heard('user:1')).toBe(false);
  });

  it('forgets a gateway that vanished without a word after three missed heartbeats', async () => {
    const channel = uniqueChannel();
    const timing = { heartbeatMs: 100 };
    const [dying, staying] = [gatewayOn(channel, timing), gatewayOn(channel, timing)];
    const rooms = gatewayRooms();
    dying.presence.watch(rooms);
    staying.presence.watch(gatewayRooms());
    rooms.addAll('socket-1', new Set(['socket-1', 'admins']));
    await until(() => staying.presence.heard('admins'));
    dying.vanish();
    const vanishedAt = Date.now();
    await until(() => !staying.presence.heard('admins'), 2_000);
    expect(Date.now() - vanishedAt).toBeGreaterThanOrEqual(150);
  });
});
