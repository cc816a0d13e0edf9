// Host classification. Hosts here are WHATWG-serialized: lowercase, punycode, IPv6 in brackets,
// every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1) already turned into dotted decimal.

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || IPV4.test(host);
}

/** Special-use and never-delegated names (RFC 6761, 6762, 8375, 9476 and common intranet suffixes). */
export const NON_PUBLIC_SUFFIXES: readonly string[] = [
  'localhost', 'local', 'localdomain', 'internal', 'intranet', 'private', 'lan', 'home', 'corp',
  'test', 'example', 'invalid', 'home.arpa', 'arpa', 'onion', 'alt',
];

export function isNonPublicHost(host: string): boolean {
  if (!host.includes('.')) return true; // localhost, intranet single labels, bare TLDs
  return NON_PUBLIC_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Exact host or '*.suffix' (subdomains only, not the suffix itself). IPv6 may be written with or without brackets. */
export function matchesHostPattern(host: string, patterns: readonly string[] | undefined): boolean {
  if (!patterns || patterns.length === 0) return false;
  const h = host.toLowerCase().replace(/\.$/, '');
  const bare = h.startsWith('[') ? h.slice(1, -1) : h;
  return patterns.some((raw) => {
    const p = raw.trim().toLowerCase().replace(/\.$/, '');
    if (p.startsWith('*.')) return h.endsWith(p.slice(1)) && h.length > p.length - 1;
    return p === h || p === bare;
  });
}

/** Returns a problem description, or null when the host is a syntactically sound DNS name. */
export function dnsNameProblem(host: string): string | null {
  if (host.length > 253) return 'host name is longer than 253 characters';
  for (const label of host.split('.')) {
    if (label.length === 0) return 'host name has an empty label';
    if (label.length > 63) return 'host name has a label longer than 63 characters';
  }
  return null;
}

/** The source a URL belongs to: its host without "www." (www.example.com and example.com are one source). */
export function sourceHost(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? parsed.hostname.toLowerCase().replace(/^www\./, '') : url;
}
