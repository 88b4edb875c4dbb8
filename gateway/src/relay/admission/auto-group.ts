import type { Options } from '../../ports/options.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { AUTO_GROUP, autoGroupsFor } from '../../options/user-groups.js';
import type { Caller } from './caller.js';

/** The router's one question here: does a group serve the model. */
interface Picker {
  pick(group: string, model: string, exclude?: ReadonlySet<number>, accepts?: (channel: Channel) => boolean): Channel | null;
}

/**
 * The caller as its call is served: an `auto` key's call goes to the first of its owner's auto groups
 * (autoGroupsFor) with a channel for the model, and is billed and logged in that group, as new-api's
 * distributor does. Any other caller, and an `auto` call no group serves, is returned unchanged (the
 * latter is then refused as having no channel).
 */
export function inServingGroup(router: Picker, options: Options, caller: Caller, model: string, accepts?: (channel: Channel) => boolean): Caller {
  if (caller.group !== AUTO_GROUP) return caller;
  const serving = autoGroupsFor(options, caller.user.group).find((group) => router.pick(group, model, new Set(), accepts) !== null);
  return serving === undefined ? caller : { ...caller, group: serving };
}
