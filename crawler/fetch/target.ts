import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { failure, type Failure } from '../errors.ts';
import { matchesHostPattern } from '../url/host.ts';
import { classifyAddress } from './address-guard.ts';
import { RETRY_POLICY } from './retry.ts';
import type { MappedAddress } from '../config/resolve-map.ts';
import type { HostResolver } from './types.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Where to connect: every checked address of the host, and a port override from the resolve map. */
export interface ConnectTarget {
  addresses: ResolvedAddress[];
  port: number | null;
}

export interface TargetContext {
  resolveMap: Map<string, MappedAddress>;
  resolver: HostResolver;
  allowPrivateAddresses: boolean;
  privateHosts: string[];
  timeoutMs: number;
}

export type TargetResult = { ok: true; target: ConnectTarget } | { ok: false; failure: Failure; retry: boolean };

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

/**
 * Resolves a URL host and refuses it if any address is private, loopback, link-local, CGNAT,
 * unique-local, multicast, unspecified or a metadata endpoint — unless private addresses are
 * allowed (globally or for this host). Metadata endpoints are refused even then.
 */
export async function resolveTarget(hostname: string, ctx: TargetContext): Promise<TargetResult> {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const mapped = ctx.resolveMap.get(host);
  let addresses: ResolvedAddress[];
  if (mapped) addresses = [{ address: mapped.address, family: mapped.family }];
  else if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await withTimeout(ctx.resolver(bare), ctx.timeoutMs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ETIMEDOUT') return { ok: false, failure: failure('E_FETCH_TIMEOUT', `DNS lookup of ${host} timed out after ${ctx.timeoutMs} ms`), retry: true };
      const lasting = code !== undefined && RETRY_POLICY.lastingDnsCodes.has(code);
      return { ok: false, failure: failure('E_FETCH_NETWORK', `DNS lookup of ${host} failed: ${code ?? (error as Error).message}`), retry: !lasting };
    }
  }
  if (addresses.length === 0) return { ok: false, failure: failure('E_FETCH_NETWORK', `DNS lookup of ${host} returned no addresses`), retry: false };

  const allowPrivate = ctx.allowPrivateAddresses || matchesHostPattern(host, ctx.privateHosts);
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.blocked && (verdict.metadata || !allowPrivate)) {
      return { ok: false, failure: failure('E_BLOCKED_ADDRESS', `${host} resolves to ${address} (${verdict.reason}); refusing to connect`, true), retry: false };
    }
  }
  return { ok: true, target: { addresses, port: mapped?.port ?? null } };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
