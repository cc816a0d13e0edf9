import { isIPv4, isIPv6 } from 'node:net';

/** A `resolve` entry: connect to this address (and port) instead of asking DNS. */
export interface MappedAddress {
  address: string;
  family: 4 | 6;
  port: number | null;
}

/** Whether a `resolve` value is an IP with an optional port (the config schema checks every entry with it). */
export function isResolveTarget(value: string): boolean {
  return parseTarget(value.trim()) !== null;
}

/**
 * Parses config.crawl.resolve: `{ 'blog.test': '127.0.0.1:43123' }`. Values are an IP with an
 * optional port ('127.0.0.1', '127.0.0.1:8080', '::1', '[::1]:8080'). Like curl --connect-to,
 * the URL and Host header keep the original name. Throws TypeError on a malformed entry (a parsed config has none).
 */
export function parseResolveMap(map: Record<string, string> | undefined): Map<string, MappedAddress> {
  const out = new Map<string, MappedAddress>();
  for (const [host, value] of Object.entries(map ?? {})) {
    const parsed = parseTarget(value.trim());
    if (!parsed) throw new TypeError(`crawl.resolve["${host}"] = "${value}" must be an IP address with an optional port, like "127.0.0.1:8080"`);
    out.set(host.trim().toLowerCase().replace(/\.$/, ''), parsed);
  }
  return out;
}

function parseTarget(value: string): MappedAddress | null {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return isIPv6(bracketed[1]) ? withPort(bracketed[1], 6, bracketed[2]) : null;
  if (isIPv4(value)) return { address: value, family: 4, port: null };
  if (isIPv6(value)) return { address: value, family: 6, port: null };
  const v4WithPort = /^([\d.]+):(\d{1,5})$/.exec(value);
  if (v4WithPort && isIPv4(v4WithPort[1])) return withPort(v4WithPort[1], 4, v4WithPort[2]);
  return null;
}

function withPort(address: string, family: 4 | 6, port: string | undefined): MappedAddress | null {
  if (port === undefined) return { address, family, port: null };
  const n = Number(port);
  return n >= 1 && n <= 65535 ? { address, family, port: n } : null;
}
