import { runRoomPresenceContract } from '../../ports/hot-state/room-presence.contract.js';
import { InProcessRoomPresence } from './room-presence.js';

runRoomPresenceContract('in-process', async () => {
  const presence = new InProcessRoomPresence();
  return [presence, presence, async () => {}];
});
