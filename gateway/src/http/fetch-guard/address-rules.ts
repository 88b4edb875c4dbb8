import { BlockList, isIP } from 'node:net';

/**
 * Addresses no user-given URL may reach unless the operator allows private addresses: loopback,
 * private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, benchmark,
 * multicast and reserved ranges, in both families.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) privateRanges.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, so it gets the IPv4 rules. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address);
  return privateRanges.check(plain, family(plain));
}

/** A BlockList of the operator's IPs and CIDRs (entries are checked when the option is saved). */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [network = '', prefix] = entry.split('/');
    const kind = family(network);
    if (prefix === undefined) list.addAddress(network, kind);
    else list.addSubnet(network, Number(prefix), kind);
  }
  return list;
}

export function inAddressList(list: BlockList, address: string): boolean {
  const plain = unmapped(address);
  return list.check(plain, family(plain));
}

/** An IP or a CIDR new-api's ip_list takes. */
export function isAddressEntry(entry: string): boolean {
  const [network = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || isIP(network) === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (isIP(network) === 6 ? 128 : 32);
}

/** new-api's domain patterns: `example.com` is itself; `*.example.com` is it and every subdomain. */
export function domainListed(host: string, patterns: readonly string[]): boolean {
  const domain = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => {
    const item = pattern.trim().toLowerCase();
    if (item.startsWith('*.')) return domain === item.slice(2) || domain.endsWith(item.slice(1));
    return item !== '' && domain === item;
  });
}

export function isDomainPattern(pattern: string): boolean {
  return /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(pattern);
}

/** Ports and ranges ("80", "8000-9000"); an empty list allows every port, as new-api's does. */
export function portAllowed(port: number, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  return ranges.some((range) => {
    const [low = '', high = low] = range.split('-');
    return port >= Number(low) && port <= Number(high);
  });
}

export function isPortRange(range: string): boolean {
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(range);
  if (!match) return false;
  const low = Number(match[1]);
  const high = Number(match[2] ?? match[1]);
  return low >= 1 && high <= 65535 && low <= high;
}
