import type { ChannelAffinities } from '../ports/hot-state/channel-affinities.js';
import type { ChannelStore } from '../ports/documents/channel-store.js';
import type { CircuitBreakers } from '../ports/hot-state/circuit-breakers.js';
import type { CoreContext } from './core.js';

/** The upstream channels: what the relay routes to, the periodic checks test, the admins edit. */
export interface ChannelsContext extends CoreContext {
  channels: ChannelStore;
  /** Each channel's circuit breaker, shared by the fleet (Redis in cluster mode): the relay skips an open one. */
  breakers: CircuitBreakers;
  /** Which channel each conversation last used (new-api's channel affinity), shared by the fleet (Redis in cluster mode). */
  affinities: ChannelAffinities;
}
