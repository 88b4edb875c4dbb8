import { describe, expect, it } from 'vitest';
import { OptionCache } from '../../options/option-cache.js';
import { checkOptionValue } from '../../options/option-schema.js';
import { fetchPolicy, refusedAddress, refusedUrl } from './fetch-policy.js';

/** Given the stored fetch_setting options, the policy the gateway applies to user-given URLs. */
async function policyOf(stored: Record<string, string>) {
  const options = new OptionCache({ all: async () => stored, set: async () => {} });
  expect(await options.reload()).toEqual([]);
  return fetchPolicy(options);
}

describe("new-api's fetch policy (fetch_setting)", () => {
  it('by default refuses loopback, private, link-local (cloud metadata) and mapped addresses, and ports outside 80, 443, 8080, 8443', async () => {
    const policy = await policyOf({});
    for (const url of ['http://127.0.0.1/', 'http://10.1.2.3/', 'http://172.20.0.1/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[fd00::1]/', 'http://0.0.0.0/'])
      expect(refusedUrl(policy, url), url).toMatch(/^private IP address not allowed/);
    expect(refusedUrl(policy, 'https://hooks.example.com/warn')).toBeNull();
    expect(refusedUrl(policy, 'http://93.184.216.34:8443/')).toBeNull();
    expect(refusedUrl(policy, 'http://93.184.216.34:6379/')).toBe('port 6379 is not allowed');
    expect(refusedUrl(policy, 'file:///etc/passwd')).toBe('unsupported protocol: file (only http/https allowed)');
    expect(refusedUrl(policy, 'gopher://example.com/')).toMatch(/^unsupported protocol/);
    expect(refusedUrl(policy, 'not a url')).toBe('invalid URL format');
  });

  it('judges the addresses a name resolves to: private ones always, the IP list only with fetch_setting.apply_ip_filter_for_domain', async () => {
    const listed = { 'fetch_setting.ip_list': '["93.184.216.0/24"]' };
    const policy = await policyOf(listed);
    expect(refusedAddress(policy, '127.0.0.1', true)).toBe('private IP address not allowed: 127.0.0.1');
    expect(refusedAddress(policy, '93.184.216.34', true)).toBe('ip in blacklist: 93.184.216.34');
    const lenient = await policyOf({ ...listed, 'fetch_setting.apply_ip_filter_for_domain': 'false' });
    expect(refusedAddress(lenient, '93.184.216.34', true)).toBeNull();
    expect(refusedAddress(lenient, '93.184.216.34', false)).toBe('ip in blacklist: 93.184.216.34');
    expect(refusedAddress(lenient, '127.0.0.1', true)).toBe('private IP address not allowed: 127.0.0.1');
  });

  it('fetch_setting.ip_filter_mode on makes fetch_setting.ip_list a white list', async () => {
    const policy = await policyOf({ 'fetch_setting.ip_filter_mode': 'true', 'fetch_setting.ip_list': '["93.184.216.34", "2001:db8::/32"]' });
    expect(refusedUrl(policy, 'http://93.184.216.34/')).toBeNull();
    expect(refusedUrl(policy, 'http://[2001:db8::5]/')).toBeNull();
    expect(refusedUrl(policy, 'http://93.184.216.35/')).toBe('ip not in whitelist: 93.184.216.35');
  });

  it('fetch_setting.domain_list is a black list, or a white list with fetch_setting.domain_filter_mode; *.example.com covers example.com', async () => {
    const black = await policyOf({ 'fetch_setting.domain_list': '["*.internal.example", "evil.test"]' });
    expect(refusedUrl(black, 'https://api.internal.example/')).toBe('domain in blacklist: api.internal.example');
    expect(refusedUrl(black, 'https://internal.example/')).toBe('domain in blacklist: internal.example');
    expect(refusedUrl(black, 'https://EVIL.test/')).toBe('domain in blacklist: evil.test');
    expect(refusedUrl(black, 'https://notevil.test/')).toBeNull();
    const white = await policyOf({ 'fetch_setting.domain_filter_mode': 'true', 'fetch_setting.domain_list': '["hooks.example.com"]' });
    expect(refusedUrl(white, 'https://hooks.example.com/x')).toBeNull();
    expect(refusedUrl(white, 'https://other.example.com/x')).toBe('domain not in whitelist: other.example.com');
  });

  it('fetch_setting.enable_ssrf_protection off lets everything through; fetch_setting.allow_private_ip lets private addresses through the rest of the rules', async () => {
    expect(refusedUrl(await policyOf({ 'fetch_setting.enable_ssrf_protection': 'false' }), 'http://127.0.0.1:6379/')).toBeNull();
    const privateOk = await policyOf({ 'fetch_setting.allow_private_ip': 'true' });
    expect(refusedUrl(privateOk, 'http://127.0.0.1/')).toBeNull();
    expect(refusedUrl(privateOk, 'http://127.0.0.1:6379/')).toBe('port 6379 is not allowed');
  });

  it('stores the lists as JSON string arrays, each entry checked, repeats dropped', () => {
    expect(checkOptionValue('fetch_setting.allowed_ports', '["443", "8000-9000", "443"]')).toEqual({ ok: true, value: '["443","8000-9000"]' });
    expect(checkOptionValue('fetch_setting.allowed_ports', '["9000-8000"]')).toEqual({ ok: false, problem: 'fetch_setting.allowed_ports 必须是 JSON 字符串数组，每一项是端口或端口范围（如 443 或 8000-9000）（无效：9000-8000）' });
    expect(checkOptionValue('fetch_setting.ip_list', '["10.0.0.0/33"]').ok).toBe(false);
    expect(checkOptionValue('fetch_setting.ip_list', '["10.0.0.0/8", "::1"]').ok).toBe(true);
    expect(checkOptionValue('fetch_setting.domain_list', '["*.example.com", "a_b"]').ok).toBe(false);
    expect(checkOptionValue('fetch_setting.domain_list', 'example.com').ok).toBe(false);
  });
});
