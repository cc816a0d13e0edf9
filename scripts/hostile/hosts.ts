import type { Probe, ServedRequest } from './types.ts';

// Names the hostile web answers to. Every `*.hostile.test` host is served locally (HTTP or raw
// socket); the two `hostile-web.net` names look public but are mapped (crawl.resolve, like a DNS
// answer an attacker controls) to a cloud metadata address and to a private one.

export const BASE = 'hostile.test';
export const INDEX_FEED = `http://${BASE}/feed.xml`;

/** Resolves to 169.254.169.254 and is even listed in privateHosts: metadata is refused regardless. */
export const METADATA_NAME = 'metadata.hostile-web.net';
/** Resolves to 10.0.0.1 and is not allowed: a DNS answer pointing inside the network. */
export const INTRANET_NAME = 'intranet.hostile-web.net';
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
