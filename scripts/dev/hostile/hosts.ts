import type { Probe, ServedRequest } from './types.ts';

// Names the hostile web answers to. Every `*.hostile.test` host is served locally (HTTP or raw
// socket); the `hostile-web.net` names look public but are mapped (crawl.resolve, like a DNS
// answer an attacker controls) to a cloud metadata address, a private one, and IPv6 forms that
// embed private IPv4 addresses.

export const BASE = 'hostile.test';
export const INDEX_FEED = `http://${BASE}/feed.xml`;

/** Resolves to 169.254.169.254 and is even listed in privateHosts: metadata is refused regardless. */
export const METADATA_NAME = 'metadata.hostile-web.net';
/** Resolves to 10.0.0.1 and is not allowed: a DNS answer pointing inside the network. */
export const INTRANET_NAME = 'intranet.hostile-web.net';
/**
 * Public-looking names whose DNS answer is an IPv6 address carrying a private IPv4 address, one
 * per embedded form the address guard must see through (crawler/fetch/address-guard.ts).
 */
export const EMBEDDED_V4_NAMES: Record<string, { address: string; form: string }> = {
  'translated.hostile-web.net': { address: '::ffff:0:7f00:1', form: 'IPv4-translated (RFC 2765) 127.0.0.1' },
  'translated-metadata.hostile-web.net': { address: '::ffff:0:a9fe:a9fe', form: 'IPv4-translated 169.254.169.254' },
  'compatible.hostile-web.net': { address: '::7f00:1', form: 'IPv4-compatible 127.0.0.1' },
  'nat64.hostile-web.net': { address: '64:ff9b::a00:1', form: 'NAT64 10.0.0.1' },
  'local-nat64.hostile-web.net': { address: '64:ff9b:1::a00:1', form: 'local-use NAT64 10.0.0.1' },
  'sixtofour.hostile-web.net': { address: '2002:7f00:1::', form: '6to4 127.0.0.1' },
  'teredo.hostile-web.net': { address: '2001:0:4136:e378::80ff:fffe', form: 'Teredo client 127.0.0.1' },
};

/** Mapped to a local port nothing listens on. */
export const CLOSED_HOST = `closed.${BASE}`;

export const host = (name: string): string => `${name}.${BASE}`;
export const at = (name: string, path: string): string => `http://${host(name)}${path}`;

export function requestsTo(probe: Pick<Probe, 'requests'>, hostname: string, path?: string): ServedRequest[] {
  return probe.requests.filter((r) => r.host === hostname && (path === undefined || r.path === path));
}

/** Requests that reached the hostile web under a name that is not one of its own (an address the crawler must never have used). */
export function strayRequests(probe: Pick<Probe, 'requests'>): ServedRequest[] {
  return probe.requests.filter((r) => !r.host.endsWith(`.${BASE}`) && r.host !== BASE);
}
