import { Cluster } from 'ioredis';
import { onTestFinished } from 'vitest';
import { requiredRedisClusterNodes } from '../../../test/support/config.js';
import { runRoomPresenceContract } from '../../ports/room-presence.contract.js';
import { RedisRoomPresence } from './room-presence.js';

/** A gateway's presence on its own two Cluster clients. */
function gatewayOn(channel: string) {
  const [publisher, subscriber] = [new Cluster(requiredRedisClusterNodes()), new Cluster(requiredRedisClusterNodes())];
  const vanish = () => [publisher, subscriber].forEach((connection) => connection.disconnect());
  onTestFinished(vanish);
  return { presence: new RedisRoomPresence(publisher, subscriber, channel, (error) => console.error(error)), vanish };
}

runRoomPresenceContract('redis-cluster', async () => {
  const channel = `tg-presence-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const [a, b] = [gatewayOn(channel), gatewayOn(channel)];
  return [a.presence, b.presence, async () => [a, b].forEach((gateway) => gateway.vanish())];
});
