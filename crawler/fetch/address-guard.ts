import { formatIp, inSubnet, parseIp } from './ip.ts';

// Addresses a crawler of the public web must never connect to. Each range carries the reason
// shown in the failure message.

interface Range {
  network: Uint8Array;
  prefix: number;
  reason: string;
  /** Where an IPv4 address sits inside this IPv6 range; it is checked as IPv4 too. */
  embeddedV4At?: number;
}

function range(cidr: string, reason: string, embeddedV4At?: number): Range {
  const [address, prefix] = cidr.split('/');
  const network = parseIp(address);
  if (!network) throw new Error(`bad range ${cidr}`);
  return { network, prefix: Number(prefix), reason, embeddedV4At };
}

const V4_RANGES: Range[] = [
  range('0.0.0.0/8', 'unspecified ("this network")'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'carrier-grade NAT'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', '6to4 relay'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

// Order matters: the exact ::/128 and ::1/128 come before the ::/96 that embeds IPv4.
const V6_RANGES: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::ffff:0:0/96', 'IPv4-mapped', 12),
  range('::/96', 'IPv4-compatible', 12),
  range('64:ff9b::/96', 'NAT64', 12),
  range('64:ff9b:1::/48', 'local NAT64'),
  range('100::/64', 'discard-only'),
  range('2001::/32', 'Teredo tunnel'),
  range('2001:db8::/32', 'documentation'),
  range('2002::/16', '6to4', 2),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local'),
  range('ff00::/8', 'multicast'),
];

/** Cloud instance-metadata endpoints: refused even when private addresses are allowed. */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.253', // AWS DNS
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud
  'fd00:ec2::254', // AWS over IPv6
  'fd00:ec2::23', // AWS DNS over IPv6
];
const METADATA = new Set(METADATA_ADDRESSES.map((a) => formatIp(parseIp(a)!)));

export interface AddressVerdict {
  blocked: boolean;
  /** A metadata endpoint: never allowed. */
  metadata: boolean;
  reason: string | null;
}

export function classifyAddress(address: string): AddressVerdict {
  const bytes = parseIp(address);
  if (!bytes) return { blocked: true, metadata: false, reason: 'not an IP address' };
  return classifyBytes(bytes);
}

function classifyBytes(bytes: Uint8Array): AddressVerdict {
  if (METADATA.has(formatIp(bytes))) return { blocked: true, metadata: true, reason: 'cloud metadata endpoint' };
  const ranges = bytes.length === 4 ? V4_RANGES : V6_RANGES;
  for (const r of ranges) {
    if (!inSubnet(bytes, r.network, r.prefix)) continue;
    if (r.embeddedV4At !== undefined) {
      const inner = classifyBytes(bytes.slice(r.embeddedV4At, r.embeddedV4At + 4));
      if (inner.blocked) return { ...inner, reason: `${r.reason} ${inner.reason}` };
      // An embedded public IPv4 is as public as the IPv4 itself, except in the mapped forms
      // that only exist inside one host's stack.
      return r.reason === 'IPv4-compatible' ? { blocked: true, metadata: false, reason: r.reason } : { blocked: false, metadata: false, reason: null };
    }
    return { blocked: true, metadata: false, reason: r.reason };
  }
  return { blocked: false, metadata: false, reason: null };
}
