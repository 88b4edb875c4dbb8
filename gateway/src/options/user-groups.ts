import { dict, parseJsonTable } from '@tollgate/wire';
import type { Options } from '../ports/options.js';

/** The label new-api gives a user's own group when UserUsableGroups does not list it. */
const OWN_GROUP_LABEL = '用户分组';

/** Group name -> label, null-prototype: a token's or user's group is any text a client set (issue #33). */
function stringMap(options: Options, key: string): Record<string, string> {
  return dict(Object.entries(parseJsonTable(options.string(key) || '{}')).map(([k, v]) => [k, String(v)] as const));
}

/** The groups a user may use (group -> label): the UserUsableGroups option, plus the user's own group. */
export function usableGroups(options: Options, userGroup: string): Record<string, string> {
  const groups = stringMap(options, 'UserUsableGroups');
  if (userGroup && !Object.hasOwn(groups, userGroup)) groups[userGroup] = OWN_GROUP_LABEL;
  return groups;
}

/**
 * The groups a user may pick for a token, in GroupRatio's order: the usable ones that still have a
 * group ratio (new-api's GET /api/user/self/groups), since a group without one can no longer be billed.
 */
export function selectableGroups(options: Options, userGroup: string): Record<string, string> {
  const usable = usableGroups(options, userGroup);
  const priced = Object.keys(options.numberMap('GroupRatio')).filter((group) => Object.hasOwn(usable, group));
  return dict(priced.map((group) => [group, usable[group] as string] as const));
}
