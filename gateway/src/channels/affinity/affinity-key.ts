import { createHash } from 'node:crypto';
import type { AffinityRule, AffinitySetting, KeySource } from './affinity-setting.js';
import { boundedRegex } from '../extras/param-override/bounded-regex.js';

/** What a rule may read of a call. */
export interface AffinityCall {
  model: string;
  /** The request's path, without its query. */
  path: string;
  userAgent: string;
  header(name: string): string | undefined;
  /** The parsed JSON body; anything else (a form, raw bytes) has no paths to read. */
  body: unknown;
  /** The group the call is served in (an auto key's serving group). */
  group: string;
  /** new-api's context fields a rule may name (`id` the user, `token_id`, `token_name`, `username`, `group`). */
  context: Readonly<Record<string, string | number>>;
}

/** The affinity a call has: the store key (a hash of new-api's cache key), its TTL, and whether a failure on its channel may be retried elsewhere. */
export interface AffinityKey {
  key: string;
  ruleName: string;
  ttlSeconds: number;
  skipRetry: boolean;
  /** The rule's param_override_template (new-api's ParamTemplate); null when it has none. */
  paramTemplate: Record<string, unknown> | null;
  /** What new-api's log row shows of it in `other.admin_info.channel_affinity` (admins only): the rule, where the value came from, a hint and a fingerprint of it. */
  log: Record<string, string>;
}

/** new-api's matchAnyRegex: an empty list or an empty value matches nothing. */
const matchesAny = (patterns: readonly string[] | null | undefined, value: string) =>
  !!patterns && value !== '' && patterns.some((p) => p !== '' && (boundedRegex(p)?.test(value) ?? false));

/** A gjson-style dotted path (`metadata.user_id`, `messages.0.content`) into parsed JSON. */
function atPath(value: unknown, path: string): unknown {
  let here = value;
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, part)) return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

/** A found value as new-api's gjson reads it: scalars as text, objects and arrays as their JSON. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return (typeof value === 'object' ? JSON.stringify(value) : String(value)).trim();
}

/** A nested path reads inside a value that is itself JSON (Claude Code's metadata.user_id). */
function nested(value: unknown, nestedPath: string): string {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return '';
    }
  }
  return typeof parsed === 'object' ? asText(atPath(parsed, nestedPath)) : '';
}

function valueOf(call: AffinityCall, source: KeySource): string {
  const nestedPath = source.nested_path?.trim() ?? '';
  let found: unknown;
  if (source.type === 'gjson') found = source.path ? atPath(call.body, source.path) : undefined;
  else if (source.type === 'request_header') found = source.key ? call.header(source.key) : undefined;
  else found = source.key ? call.context[source.key] : undefined;
  if (source.type === 'context_int' && !(typeof found === 'number' && found > 0)) return '';
  return nestedPath ? nested(found, nestedPath) : asText(found);
}

/** new-api's cache key suffix: the rule's name, the model, the group (each when the rule includes it), then the value. */
function keySuffix(rule: AffinityRule, call: AffinityCall, value: string): string {
  const parts = [rule.include_rule_name && rule.name ? rule.name : '', rule.include_model_name ? call.model : '', rule.include_using_group ? call.group : ''];
  return [...parts.filter(Boolean), value].join(':');
}

/**
 * Where a rule's entries start in the store, when it includes its name in its keys (new-api's
 * include_rule_name, which lets its entries be counted and cleared by rule). The name is encoded:
 * base64url has no '.', and the key's hash none either, so the prefix ends where the name does.
 */
export const ruleKeyPrefix = (name: string) => `${Buffer.from(name).toString('base64url')}.`;

/** new-api's key hint: a short value whole, a long one as its first and last four characters. */
function hintOf(value: string): string {
  const flat = value.replace(/[\r\n]/g, ' ');
  return flat.length <= 12 ? flat : `${flat.slice(0, 4)}...${flat.slice(-4)}`;
}

function logInfo(rule: AffinityRule, call: AffinityCall, found: { source: KeySource; value: string }): Record<string, string> {
  return {
    reason: rule.name,
    rule_name: rule.name,
    using_group: call.group,
    model: call.model,
    request_path: call.path,
    key_source: found.source.type,
    key_key: found.source.key ?? '',
    key_path: found.source.path ?? '',
    key_hint: hintOf(found.value),
    key_fp: createHash('sha1').update(found.value).digest('hex').slice(0, 8),
  };
}

/**
 * The fields of a rule's param_override_template the call's request takes. Its `operations` list
 * (new-api's override language: pass_headers and the like) is left out: the channel's param
 * override here merges fields, so the list would reach the upstream as a body field.
 */
function templateOf(rule: AffinityRule): Record<string, unknown> | null {
  const fields = Object.entries(rule.param_override_template ?? {}).filter(([name]) => name.trim().toLowerCase() !== 'operations');
  return fields.length > 0 ? Object.fromEntries(fields) : null;
}

/**
 * The first rule that matches the call (model, path, user agent) and finds a value in one of its
 * key sources gives the call's affinity, as new-api's GetPreferredChannelByAffinity does; null when
 * affinity is off or no rule gives one. The key is hashed: conversation ids stay out of store keys.
 */
export function affinityKeyOf(setting: AffinitySetting, call: AffinityCall): AffinityKey | null {
  if (!setting.enabled) return null;
  for (const rule of setting.rules) {
    if (!matchesAny(rule.model_regex, call.model)) continue;
    if (rule.path_regex?.length && !matchesAny(rule.path_regex, call.path)) continue;
    const agent = call.userAgent.toLowerCase();
    const include = (rule.user_agent_include ?? []).map((s) => s.trim().toLowerCase()).filter(Boolean);
    if (rule.user_agent_include?.length && !include.some((s) => agent.includes(s))) continue;
    const found = (rule.key_sources ?? []).map((source) => ({ source, value: valueOf(call, source) })).find((f) => f.value !== '');
    if (!found || (rule.value_regex && !(boundedRegex(rule.value_regex)?.test(found.value) ?? false))) continue;
    const hash = createHash('sha256').update(keySuffix(rule, call, found.value)).digest('base64url');
    const key = rule.include_rule_name && rule.name ? ruleKeyPrefix(rule.name) + hash : hash;
    const template = templateOf(rule);
    return {
      key,
      ruleName: rule.name,
      ttlSeconds: rule.ttl_seconds > 0 ? rule.ttl_seconds : setting.defaultTtlSeconds,
      skipRetry: rule.skip_retry_on_failure,
      paramTemplate: template,
      log: logInfo(rule, call, found),
    };
  }
  return null;
}
