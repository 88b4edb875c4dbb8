import { dict, parseJsonTable } from '@tollgate/wire';
import type { Options } from '../ports/options.js';

/** The group of a key that lets the gateway pick the group per call (AutoGroups). */
export const AUTO_GROUP = 'auto';

/** The label new-api gives a user's own group when UserUsableGroups does not list it. */
const OWN_GROUP_LABEL = '用户分组';

/** Group name -> label, null-prototype: a token's or user's group is any text a client set (issue #33). */
function parseStringMap(text: string): Readonly<Record<string, string>> {
  return Object.freeze(dict(Object.entries(parseJsonTable(text)).map(([k, v]) => [k, String(v)] as const)));
}

/** The groups a user may use (group -> label): the UserUsableGroups option, plus the user's own group. */
export function usableGroups(options: Options, userGroup: string): Readonly<Record<string, string>> {
  const groups = options.parsed('UserUsableGroups', parseStringMap);
  return !userGroup || Object.hasOwn(groups, userGroup) ? groups : dict({ ...groups, [userGroup]: OWN_GROUP_LABEL });
}

/**
 * The groups a user may pick for a token, in GroupRatio's order: the usable ones that still have a
 * group ratio (new-api's GET /api/user/self/groups), since a group without one can no longer be billed.
 */
export function selectableGroups(options: Options, userGroup: string): Record<string, string> {
  const usable = usableGroups(options, userGroup);
  const priced = Object.keys(options.numberMap('GroupRatio')).filter((group) => Object.hasOwn(usable, group));
  // `auto` has no ratio of its own: a call is billed in the group it is served in.
  const auto = Object.hasOwn(usable, AUTO_GROUP) ? [AUTO_GROUP] : [];
  return dict([...priced, ...auto].map((group) => [group, usable[group] as string] as const));
}

/** AutoGroups' group names in order; an unreadable value names none. */
function parseGroupList(text: string): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Object.freeze(Array.isArray(parsed) ? parsed.filter((group): group is string => typeof group === 'string') : []);
  } catch {
    return [];
  }
}

const configuredAutoGroups = (options: Options): readonly string[] => options.parsed('AutoGroups', parseGroupList);

/**
 * The groups an `auto` key tries, in AutoGroups' order: those its owner may use that still have a
 * group ratio (new-api's GetUserAutoGroup; an unpriced group would bill at 1 by accident).
 */
export function autoGroupsFor(options: Options, userGroup: string): string[] {
  const usable = usableGroups(options, userGroup);
  const ratios = options.numberMap('GroupRatio');
  return configuredAutoGroups(options).filter((group) => group !== AUTO_GROUP && Object.hasOwn(usable, group) && Object.hasOwn(ratios, group));
}
