import type { OptionCache } from './option-cache.js';

/** The label new-api gives a user's own group when UserUsableGroups does not list it. */
const OWN_GROUP_LABEL = '用户分组';

function stringMap(options: OptionCache, key: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(options.string(key) || '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

/** The groups a user may use (group -> label): the UserUsableGroups option, plus the user's own group. */
export function usableGroups(options: OptionCache, userGroup: string): Record<string, string> {
  const groups = stringMap(options, 'UserUsableGroups');
  if (userGroup && !(userGroup in groups)) groups[userGroup] = OWN_GROUP_LABEL;
  return groups;
}

/**
 * The groups a user may pick for a token, in GroupRatio's order: the usable ones that still have a
 * group ratio (new-api's GET /api/user/self/groups), since a group without one can no longer be billed.
 */
export function selectableGroups(options: OptionCache, userGroup: string): Record<string, string> {
  const usable = usableGroups(options, userGroup);
  const priced = Object.keys(options.numberMap('GroupRatio')).filter((group) => group in usable);
  return Object.fromEntries(priced.map((group) => [group, usable[group] as string]));
}
