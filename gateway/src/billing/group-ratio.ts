import { parseJsonTable } from '@tollgate/wire';
import type { Options } from '../ports/options.js';

/** The group ratio a call is billed with; `special` when it is the user group's own (GroupGroupRatio). */
export interface GroupRatio {
  ratio: number;
  special: boolean;
}

/** Who calls, for the group ratio: the group the call is served in and the caller's own group. */
export interface GroupedCaller {
  group: string;
  user: { group: string };
}

/** GroupGroupRatio, read on every priced call. */
const groupGroupTable = (options: Options): Readonly<Record<string, unknown>> => options.parsed('GroupGroupRatio', parseJsonTable);

/**
 * new-api's rule (its HandleGroupRatio): the user group's own ratio for the group the call is served
 * in when GroupGroupRatio names one, else that group's GroupRatio (1 when unset).
 */
export function groupRatioFor(options: Options, { group, user }: GroupedCaller): GroupRatio {
  const own = groupGroupTable(options)[user.group];
  const special = own !== null && typeof own === 'object' && Object.hasOwn(own, group) ? (own as Record<string, unknown>)[group] : undefined;
  if (typeof special === 'number') return { ratio: special, special: true };
  return { ratio: options.numberMap('GroupRatio')[group] ?? 1, special: false };
}
