import type { ChannelStore } from '../ports/documents/channel-store.js';
import type { CoreContext } from './core.js';

/** The upstream channels: what the relay routes to, the periodic checks test, the admins edit. */
export interface ChannelsContext extends CoreContext {
  channels: ChannelStore;
}
