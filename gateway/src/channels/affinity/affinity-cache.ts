import { type AffinityCacheStats, own } from '@tollgate/wire';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ruleKeyPrefix } from './affinity-key.js';
import { affinitySetting } from './affinity-setting.js';

/** The rules whose entries can be told apart: named, with include_rule_name (new-api's ruleByName). */
function namedRules(deps: ChannelsContext): Map<string, string> {
  const byName = new Map<string, string>();
  for (const rule of affinitySetting(deps.options).rules) {
    if (rule.name.trim() && rule.include_rule_name) byName.set(rule.name.trim(), ruleKeyPrefix(rule.name));
  }
  return byName;
}

/** GET /api/option/channel_affinity_cache: the store's entries in all and per rule, and each rule's lookups. */
export async function affinityCacheStats(deps: ChannelsContext): Promise<AffinityCacheStats> {
  const setting = affinitySetting(deps.options);
  const named = [...namedRules(deps)];
  const [entries, lookups] = await Promise.all([deps.affinities.entries(named.map(([, prefix]) => prefix)), deps.affinities.lookups()]);
  const byRule = Object.fromEntries(named.map(([name], i) => [name, entries.byPrefix[i] ?? 0]));
  const counted = Object.values(byRule).reduce((sum, n) => sum + n, 0);
  const ruleNames = [...new Set(setting.rules.map((rule) => rule.name))];
  return {
    enabled: setting.enabled,
    total: entries.total,
    unknown: entries.total - counted,
    by_rule_name: byRule,
    cache_capacity: setting.maxEntries,
    cache_algo: entries.algorithm,
    lookups_by_rule_name: Object.fromEntries(ruleNames.map((name) => [name, own(lookups, name) ?? { hits: 0, misses: 0 }])),
  };
}

/** new-api's ClearChannelAffinityCacheByRuleName: the entries (and lookups) of one rule that includes its name; a refusal names why not. */
export async function clearAffinityRule(deps: ChannelsContext, ruleName: string): Promise<{ deleted: number } | { refused: string }> {
  const name = ruleName.trim();
  if (!name) return { refused: 'rule_name 不能为空' };
  const rule = affinitySetting(deps.options).rules.find((r) => r.name.trim() === name);
  if (!rule) return { refused: '未知规则名称' };
  if (!rule.include_rule_name) return { refused: '该规则未启用 include_rule_name，无法按规则清空缓存' };
  return { deleted: await deps.affinities.clear({ prefix: ruleKeyPrefix(rule.name), rule: rule.name }) };
}
