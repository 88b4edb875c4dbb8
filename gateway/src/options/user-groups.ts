import { dict, parseJsonTable } from '@tollgate/wire';
import type { Options } from '../ports/options.js';

/** The group of a key that lets the gateway pick the group per call (AutoGroups). */
export const AUTO_GROUP = 'auto';

/** The label new-api gives a user's own group when UserUsableGroups does not list it. */
const OWN_GROUP_LABEL = '用户分组';

/** Group name -> label, null-prototype: a token's or user's group is any text a client set (issue #33). */
const labelsOf = (table: object): Readonly<Record<string, string>> => Object.freeze(dict(Object.entries(table).map(([k, v]) => [k, String(v)] as const)));

const parseStringMap = (text: string) => labelsOf(parseJsonTable(text));

/** Per user group, its edits of UserUsableGroups (group_ratio_setting.group_special_usable_group); unreadable ones edit nothing. */
function parseGroupEdits(text: string): Readonly<Record<string, Readonly<Record<string, string>>>> {
  const edits = Object.entries(parseJsonTable(text)).flatMap(([group, table]) => (table !== null && typeof table === 'object' && !Array.isArray(table) ? [[group, labelsOf(table)] as const] : []));
  return Object.freeze(dict(edits));
}

/**
 * The groups a user may use (group -> label): UserUsableGroups, edited for the user's group as new-api's
 * GetUserUsableGroups does (`-:g` removes g, `+:g` and a bare `g` add it with the label given), plus the user's own group.
 */
export function usableGroups(options: Options, userGroup: string): Readonly<Record<string, string>> {
  const configured = options.parsed('UserUsableGroups', parseStringMap);
  if (!userGroup) return configured;
  const groups = new Map(Object.entries(configured));
  const edits = options.parsed('group_ratio_setting.group_special_usable_group', parseGroupEdits)[userGroup] ?? {};
  for (const [edit, label] of Object.entries(edits)) {
    if (edit.startsWith('-:')) groups.delete(edit.slice(2));
    else groups.set(edit.startsWith('+:') ? edit.slice(2) : edit, label);
  }
  if (!groups.has(userGroup)) groups.set(userGroup, OWN_GROUP_LABEL);
  return dict(groups);
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
