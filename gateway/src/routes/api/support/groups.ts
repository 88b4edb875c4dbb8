import type { OptionCache } from '../../../options/option-cache.js';

function stringMap(options: OptionCache, key: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(options.string(key) || '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

/** The groups a user may pick (group -> label): the UserUsableGroups option, plus the user's own group. */
export function usableGroups(options: OptionCache, userGroup: string): Record<string, string> {
  const groups = stringMap(options, 'UserUsableGroups');
  if (userGroup && !(userGroup in groups)) groups[userGroup] = '用户分组';
  return groups;
}

/** A comma list as a trimmed, non-empty array. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
