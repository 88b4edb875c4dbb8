import { onTestFinished } from 'vitest';
import { runRoomPresenceContract } from '../../../ports/hot-state/room-presence.contract.js';
import { clusterClient, untilShardSubscribers } from '../../../../test/support/engines/pub-sub-gateways.js';
import { RedisRoomPresence } from './room-presence.js';

/** A gateway's presence on its own two Cluster clients. */
function gatewayOn(channel: string) {
  const [publisher, subscriber] = [clusterClient(), clusterClient()];
  const vanish = () => [publisher, subscriber].forEach((connection) => connection.disconnect());
  onTestFinished(vanish);
  return { presence: new RedisRoomPresence(publisher, subscriber, channel, (error) => console.error(error)), vanish };
}

runRoomPresenceContract('redis-cluster', async () => {
  const channel = `tg-presence-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const [a, b] = [gatewayOn(channel), gatewayOn(channel)];
  await untilShardSubscribers(channel, 2);
  return [a.presence, b.presence, async () => [a, b].forEach((gateway) => gateway.vanish())];
});
