import { isIP } from 'node:net';
import type { BlockList } from 'node:net';
import type { Options } from '../../ports/options.js';
import { addressList, domainListed, inAddressList, isPrivateAddress, portAllowed } from './address-rules.js';

/**
 * new-api's fetch_setting: what a URL a user (or an upstream) hands the gateway may reach. Lists
 * are white lists when their mode is true, black lists when false.
 */
export interface FetchPolicy {
  enabled: boolean;
  allowPrivate: boolean;
  domainWhitelist: boolean;
  domains: readonly string[];
  ipWhitelist: boolean;
  ips: BlockList;
  ports: readonly string[];
  /** Whether the IP list also judges the addresses a domain resolves to (private ones always are). */
  ipListForDomains: boolean;
}

function stringList(options: Options, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(options.string(key));
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function fetchPolicy(options: Options): FetchPolicy {
  return {
    enabled: options.boolean('fetch_setting.enable_ssrf_protection'),
    allowPrivate: options.boolean('fetch_setting.allow_private_ip'),
    domainWhitelist: options.boolean('fetch_setting.domain_filter_mode'),
    domains: stringList(options, 'fetch_setting.domain_list'),
    ipWhitelist: options.boolean('fetch_setting.ip_filter_mode'),
    ips: addressList(stringList(options, 'fetch_setting.ip_list')),
    ports: stringList(options, 'fetch_setting.allowed_ports'),
    ipListForDomains: options.boolean('fetch_setting.apply_ip_filter_for_domain'),
  };
}

/** Why an address may not be reached, or null. `viaDomain`: the address a host name resolved to. */
export function refusedAddress(policy: FetchPolicy, address: string, viaDomain: boolean): string | null {
  if (!policy.enabled) return null;
  if (!policy.allowPrivate && isPrivateAddress(address)) return `private IP address not allowed: ${address}`;
  if (viaDomain && !policy.ipListForDomains) return null;
  const listed = inAddressList(policy.ips, address);
  if (policy.ipWhitelist && !listed) return `ip not in whitelist: ${address}`;
  if (!policy.ipWhitelist && listed) return `ip in blacklist: ${address}`;
  return null;
}

/** Why a URL may not be fetched before any lookup (scheme, port, literal IP, domain lists), or null. */
export function refusedUrl(policy: FetchPolicy, target: string): string | null {
  if (!policy.enabled) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'invalid URL format';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `unsupported protocol: ${url.protocol.slice(0, -1)} (only http/https allowed)`;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!portAllowed(port, policy.ports)) return `port ${port} is not allowed`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return refusedAddress(policy, host, false);
  const listed = domainListed(host, policy.domains);
  if (policy.domainWhitelist && !listed) return `domain not in whitelist: ${host}`;
  if (!policy.domainWhitelist && listed) return `domain in blacklist: ${host}`;
  return null;
}
