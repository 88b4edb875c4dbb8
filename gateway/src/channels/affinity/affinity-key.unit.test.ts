import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { type AffinityCall, affinityKeyOf, ruleKeyPrefix } from './affinity-key.js';
import { type AffinityRule, type AffinitySetting, affinityRuleSchema, affinityRulesSchema, defaultAffinityRules } from './affinity-setting.js';

const setting = (rules: AffinityRule[] = defaultAffinityRules, more: Partial<AffinitySetting> = {}): AffinitySetting => ({ enabled: true, switchOnSuccess: true, maxEntries: 100, defaultTtlSeconds: 3600, rules, ...more });
const call = (more: Partial<AffinityCall> = {}, headers: Record<string, string> = {}): AffinityCall => ({
  model: 'gpt-5',
  path: '/v1/responses',
  userAgent: 'codex_cli_rs/0.1',
  header: (name) => headers[name.toLowerCase()],
  body: {},
  group: 'default',
  context: { id: 42, token_id: 7, group: 'default' },
  ...more,
});
const hashOf = (suffix: string) => createHash('sha256').update(suffix).digest('base64url');
const rule = (fields: Record<string, unknown>) => affinityRuleSchema.parse(fields);

describe('the affinity key of a call', () => {
  it("channel_affinity_setting.rules: new-api's Codex rule keys a /v1/responses call by prompt_cache_key, with the rule's name and the group", () => {
    const key = affinityKeyOf(setting(), call({ body: { prompt_cache_key: 'conv-1' } }));
    expect(key).toMatchObject({ key: ruleKeyPrefix('codex cli trace') + hashOf('codex cli trace:default:conv-1'), ruleName: 'codex cli trace', ttlSeconds: 3600, skipRetry: true });
    // What the log row's admin_info shows: never the value itself when it is long.
    const fp = createHash('sha1').update('conversation-0001').digest('hex').slice(0, 8);
    expect(affinityKeyOf(setting(), call({ body: { prompt_cache_key: 'conversation-0001' } }))?.log).toEqual({
      reason: 'codex cli trace', rule_name: 'codex cli trace', using_group: 'default', model: 'gpt-5', request_path: '/v1/responses',
      key_source: 'gjson', key_key: '', key_path: 'prompt_cache_key', key_hint: 'conv...0001', key_fp: fp,
    });
    expect(affinityKeyOf(setting(), call({ body: { prompt_cache_key: 'conv-1' }, group: 'vip' }))?.key).not.toBe(key?.key);
    expect(affinityKeyOf(setting(), call({ body: {} }))).toBeNull(); // no value, no affinity
    expect(affinityKeyOf(setting(), call({ body: { prompt_cache_key: 'conv-1' }, path: '/v1/chat/completions' }))).toBeNull();
    expect(affinityKeyOf(setting(), call({ body: { prompt_cache_key: 'conv-1' }, model: 'o3' }))).toBeNull();
  });

  it("reads Claude Code's session from its header first, else from the JSON inside metadata.user_id", () => {
    const messages = { path: '/v1/messages', model: 'claude-sonnet-4' };
    const fromHeader = affinityKeyOf(setting(), call(messages, { 'x-claude-code-session-id': 'sess-9' }));
    expect(fromHeader?.key).toBe(ruleKeyPrefix('claude cli trace') + hashOf('claude cli trace:default:sess-9'));
    const fromBody = affinityKeyOf(setting(), call({ ...messages, body: { metadata: { user_id: JSON.stringify({ session_id: 'sess-9' }) } } }));
    expect(fromBody?.key).toBe(fromHeader?.key);
  });

  it('channel_affinity_setting.enabled: off, no call has an affinity', () => {
    expect(affinityKeyOf(setting(defaultAffinityRules, { enabled: false }), call({ body: { prompt_cache_key: 'conv-1' } }))).toBeNull();
  });

  it("channel_affinity_setting.default_ttl_seconds: a rule's own ttl_seconds wins, 0 takes the default", () => {
    const own = rule({ name: 'r', model_regex: ['.*'], key_sources: [{ type: 'context_int', key: 'id' }], ttl_seconds: 60 });
    const none = { ...own, ttl_seconds: 0 };
    expect(affinityKeyOf(setting([own], { defaultTtlSeconds: 900 }), call())?.ttlSeconds).toBe(60);
    expect(affinityKeyOf(setting([none], { defaultTtlSeconds: 900 }), call())?.ttlSeconds).toBe(900);
  });

  it('takes the first rule that matches and finds a value; value_regex, user_agent_include and the model name narrow it', () => {
    const byUser = rule({ name: 'user', model_regex: ['^gpt-'], key_sources: [{ type: 'context_int', key: 'id' }], include_model_name: true, user_agent_include: ['CODEX'] });
    const byHeader = rule({ name: 'hdr', model_regex: ['.*'], key_sources: [{ type: 'request_header', key: 'X-Conversation' }], value_regex: '^c-' });
    expect(affinityKeyOf(setting([byUser, byHeader]), call())?.key).toBe(hashOf('gpt-5:42'));
    expect(affinityKeyOf(setting([byUser, byHeader]), call({ userAgent: 'curl/8' }, { 'x-conversation': 'c-1' }))?.key).toBe(hashOf('c-1'));
    expect(affinityKeyOf(setting([byUser, byHeader]), call({ userAgent: 'curl/8' }, { 'x-conversation': 'other' }))).toBeNull();
  });

  it("channel_affinity_setting.rules: takes new-api's saved rules as they are, its override templates kept (the operations list, which Tollgate's param override does not speak, left out of what is applied)", () => {
    const saved = [{ name: 'codex cli trace', model_regex: ['^gpt-.*$'], path_regex: ['/v1/responses'], key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], value_regex: '', ttl_seconds: 0, param_override_template: { operations: [{ mode: 'pass_headers', value: ['User-Agent'], keep_origin: true }] }, skip_retry_on_failure: true, include_using_group: true, include_model_name: false, include_rule_name: true, user_agent_include: null }];
    const parsed = affinityRulesSchema.parse(saved);
    expect(parsed[0]).toMatchObject({ name: 'codex cli trace', param_override_template: saved[0]?.param_override_template });
    const key = affinityKeyOf(setting(parsed), call({ body: { prompt_cache_key: 'conv-1' } }));
    expect(key).toMatchObject({ key: ruleKeyPrefix('codex cli trace') + hashOf('codex cli trace:default:conv-1'), paramTemplate: null });
    const withFields = affinityRulesSchema.parse([{ ...saved[0], param_override_template: { ...saved[0]?.param_override_template, temperature: 0.2 } }]);
    expect(affinityKeyOf(setting(withFields), call({ body: { prompt_cache_key: 'conv-1' } }))?.paramTemplate).toEqual({ temperature: 0.2 });
  });

  it('refuses a rule whose regex does not compile', () => {
    expect(affinityRuleSchema.safeParse({ name: 'broken', model_regex: ['['] }).success).toBe(false);
  });
});
