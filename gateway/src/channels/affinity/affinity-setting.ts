import { z } from 'zod';
import type { Options } from '../../ports/options.js';

/** Where a rule reads a call's affinity value (new-api's key_sources): a caller field, a request header, or a path into the JSON body. */
const keySourceSchema = z.object({
  type: z.enum(['context_int', 'context_string', 'request_header', 'gjson']),
  key: z.string().max(200).optional(),
  path: z.string().max(200).optional(),
  nested_path: z.string().max(200).optional(),
});

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};
const regexList = z.array(z.string().max(500).refine(compiles, '正则表达式无效')).nullish();

/**
 * One rule of new-api's channel_affinity_setting.rules, with its field names. Its
 * param_override_template is merged under the picked channel's own param_override for every call
 * the rule gives a key (see templateOverride).
 */
export const affinityRuleSchema = z.looseObject({
  name: z.string().max(200).default(''),
  model_regex: regexList,
  path_regex: regexList,
  user_agent_include: z.array(z.string().max(200)).nullish(),
  key_sources: z.array(keySourceSchema).max(20).nullish(),
  value_regex: z.string().max(500).refine(compiles, '正则表达式无效').default(''),
  ttl_seconds: z.number().int().min(0).default(0),
  skip_retry_on_failure: z.boolean().default(false),
  include_using_group: z.boolean().default(false),
  include_model_name: z.boolean().default(false),
  include_rule_name: z.boolean().default(false),
  param_override_template: z.record(z.string(), z.unknown()).nullish(),
});

export const affinityRulesSchema = z.array(affinityRuleSchema).max(100);

export type AffinityRule = z.infer<typeof affinityRuleSchema>;
export type KeySource = z.infer<typeof keySourceSchema>;

/** new-api's two default rules: Codex CLI's prompt_cache_key on /v1/responses, Claude Code's session on /v1/messages. */
export const defaultAffinityRules: AffinityRule[] = [
  {
    name: 'codex cli trace',
    model_regex: ['^gpt-.*$'],
    path_regex: ['/v1/responses'],
    key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }],
    value_regex: '',
    ttl_seconds: 0,
    skip_retry_on_failure: true,
    include_using_group: true,
    include_model_name: false,
    include_rule_name: true,
  },
  {
    name: 'claude cli trace',
    model_regex: ['^claude-.*$', '^gpt-.*$'],
    path_regex: ['/v1/messages'],
    key_sources: [
      { type: 'request_header', key: 'X-Claude-Code-Session-Id' },
      { type: 'gjson', path: 'metadata.user_id', nested_path: 'session_id' },
    ],
    value_regex: '',
    ttl_seconds: 0,
    skip_retry_on_failure: true,
    include_using_group: true,
    include_model_name: false,
    include_rule_name: true,
  },
];

/** The setting as the relay reads it, from the five channel_affinity_setting.* options. */
export interface AffinitySetting {
  enabled: boolean;
  switchOnSuccess: boolean;
  maxEntries: number;
  defaultTtlSeconds: number;
  rules: AffinityRule[];
}

/** The rules of a saved text (read through Options.parsed, once per text: the relay reads them on every call); a text that no longer parses names no rule. */
function parseRules(text: string): AffinityRule[] {
  try {
    return affinityRulesSchema.parse(JSON.parse(text));
  } catch {
    return [];
  }
}

export function affinitySetting(options: Options): AffinitySetting {
  return {
    enabled: options.boolean('channel_affinity_setting.enabled'),
    switchOnSuccess: options.boolean('channel_affinity_setting.switch_on_success'),
    // new-api's fallbacks for a zero.
    maxEntries: options.number('channel_affinity_setting.max_entries') || 100_000,
    defaultTtlSeconds: options.number('channel_affinity_setting.default_ttl_seconds') || 3600,
    rules: options.parsed('channel_affinity_setting.rules', parseRules),
  };
}
