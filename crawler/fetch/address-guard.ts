import { formatIp, inSubnet, parseIp } from './ip.ts';

// Addresses a crawler of the public web must never connect to. Each range carries the reason
// shown in the failure message.

/**
 * How an IPv6 range that carries an IPv4 address is judged. Either way an embedded address
 * that is itself refused (loopback, private, metadata…) refuses the whole address, and the
 * message names it ("IPv4-translated loopback").
 * - 'inner': the embedded IPv4 decides; a public one is allowed.
 * - 'refuse': refused whatever it carries.
 */
type Embedded = { at: number; verdict: 'inner' | 'refuse'; decode?: (v4: Uint8Array) => Uint8Array };

interface Range {
  network: Uint8Array;
  prefix: number;
  reason: string;
  embedded?: Embedded;
}

function range(cidr: string, reason: string, embedded?: Embedded): Range {
  const [address, prefix] = cidr.split('/');
  const network = parseIp(address);
  if (!network) throw new Error(`bad range ${cidr}`);
  return { network, prefix: Number(prefix), reason, embedded };
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
  // ::ffff:a.b.c.d (RFC 4291): a dual-stack socket connects to a.b.c.d itself over IPv4, so
  // the address is exactly as safe as that IPv4.
  range('::ffff:0:0/96', 'IPv4-mapped', { at: 12, verdict: 'inner' }),
  // ::ffff:0:a.b.c.d (RFC 2765, SIIT): means something only to a stateless translator on the
  // path, which delivers to a.b.c.d on its own IPv4 side, private networks included. No public
  // site is reached this way; a DNS answer of this form is an attack on the guard.
  range('::ffff:0:0:0/96', 'IPv4-translated', { at: 12, verdict: 'refuse' }),
  // ::a.b.c.d (RFC 4291): deprecated since 2006; stacks that still know it tunnel it to a.b.c.d.
  range('::/96', 'IPv4-compatible', { at: 12, verdict: 'refuse' }),
  // 64:ff9b::a.b.c.d (RFC 6052): DNS64 networks (IPv6-only runners) give every IPv4-only site
  // such an address, so refusing the prefix would refuse those sites; the translator reaches
  // a.b.c.d, so that address decides.
  range('64:ff9b::/96', 'NAT64', { at: 12, verdict: 'inner' }),
  // 64:ff9b:1::/48 (RFC 8215): local-use NAT64. The operator picks the prefix length, so where
  // the IPv4 sits is unknowable, and the translator lives inside the operator's network: refused.
  range('64:ff9b:1::/48', 'local NAT64'),
  range('100::/64', 'discard-only'),
  // 2001::/32 (RFC 4380): a Teredo relay delivers to the client's IPv4, stored inverted in the
  // last 32 bits. Deprecated in practice, and no site serves from a Teredo address: refused.
  range('2001::/32', 'Teredo tunnel', { at: 12, verdict: 'refuse', decode: (v4) => v4.map((b) => b ^ 0xff) }),
  range('2001:db8::/32', 'documentation'),
  // 2002:a.b.c.d::/48 (RFC 3056): a 6to4 relay delivers to a.b.c.d. Deprecated (RFC 7526), the
  // relay anycast is gone, and a relay that remains can reach private IPv4: refused.
  range('2002::/16', '6to4', { at: 2, verdict: 'refuse' }),
  range('3fff::/20', 'documentation'),
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
    if (r.embedded) {
      const { at, verdict, decode = (v4: Uint8Array) => v4 } = r.embedded;
      const inner = classifyBytes(decode(bytes.slice(at, at + 4)));
      if (inner.blocked) return { ...inner, reason: `${r.reason} ${inner.reason}` };
      if (verdict === 'inner') return { blocked: false, metadata: false, reason: null };
    }
    return { blocked: true, metadata: false, reason: r.reason };
  }
  return { blocked: false, metadata: false, reason: null };
}
