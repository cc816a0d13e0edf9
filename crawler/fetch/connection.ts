import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import type { ConnectTarget } from './target.ts';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * got options that make the connection go to the addresses the guard checked, never to a fresh
 * DNS answer (no rebinding between check and connect), on the resolve map's port if it has one.
 * No agent: one connection per request, closed afterwards, so nothing pooled outlives its check.
 */
export function pinnedConnection(target: ConnectTarget, secure: boolean, hostname: string) {
  const dnsLookup = (_hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    const [first] = target.addresses;
    if (typeof options === 'object' && options?.all) callback(null, target.addresses.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, first.address, first.family);
  };
  const createConnection = (options: net.NetConnectOpts & tls.ConnectionOptions & { port?: number }) => {
    const connectOptions = { ...options, port: target.port ?? options.port, lookup: dnsLookup as unknown as net.LookupFunction };
    if (!secure) return net.connect(connectOptions as net.NetConnectOpts);
    const bare = hostname.replace(/^\[(.*)\]$/, '$1');
    return tls.connect({ ...connectOptions, servername: net.isIP(bare) ? undefined : bare } as tls.ConnectionOptions);
  };
  return { dnsLookup, createConnection };
}
