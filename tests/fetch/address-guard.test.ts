import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyAddress, createFetcher } from '../../crawler/fetch/index.ts';
import { html, redirect, startServer, type TestServer } from './fixtures/server.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['2002:7f00:1::', '6to4 loopback'],
    // IPv4-translated (RFC 2765): refused whatever it embeds, named by what it embeds.
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['::ffff:0:a00:1', 'IPv4-translated private'],
    ['::ffff:0:808:808', 'IPv4-translated'],
    ['::ffff:0:0:0', 'IPv4-translated unspecified'],
    // IPv4-compatible (deprecated): refused.
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::808:808', 'IPv4-compatible'],
    // NAT64 well-known prefix: the embedded IPv4 decides.
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:101', 'NAT64 link-local'],
    // Local-use NAT64: refused whatever it embeds.
    ['64:ff9b:1::808:808', 'local NAT64'],
    ['64:ff9b:1:7f00:1::', 'local NAT64'],
    // 6to4 (deprecated): refused, public or not.
    ['2002:808:808::1', '6to4'],
    // Teredo: refused; the client's IPv4 is stored inverted.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo tunnel'],
    ['2001:0:4136:e378::80ff:fffe', 'Teredo tunnel loopback'],
    ['3fff::1', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
  ])('blocks %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.blocked).toBe(true);
    expect(verdict.metadata).toBe(false);
    expect(verdict.reason).toContain(reason);
  });

  it.each(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '::ffff:0:a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1'])(
    'marks %s as a metadata endpoint',
    (address) => {
      expect(classifyAddress(address)).toMatchObject({ blocked: true, metadata: true });
    },
  );

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows public %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ blocked: false, metadata: false, reason: null });
    },
  );

  it('blocks things that are not addresses', () => {
    expect(classifyAddress('example.com').blocked).toBe(true);
  });
});

describe('address guard in the fetcher', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('refuses a public-looking name that resolves to loopback', async () => {
    server.fallback('news.example.com', html('should not be reached'));
    const fetcher = createFetcher({ resolve: { 'news.example.com': `127.0.0.1:${server.port}` }, perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://news.example.com/story', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/127\.0\.0\.1 \(loopback\)/);
    expect(server.log).toHaveLength(0);
    await fetcher.close();
  });

  it('allows it with allowPrivateAddresses, or when the host is in privateHosts', async () => {
    server.fallback('news.example.com', html('reached'));
    const resolve = { 'news.example.com': `127.0.0.1:${server.port}` };
    const open = createFetcher({ resolve, allowPrivateAddresses: true, perHostDelayMs: 0, respectRobots: false });
    expect((await open.fetch({ url: 'http://news.example.com/a', kind: 'page' })).type).toBe('ok');
    const listed = createFetcher({ resolve, privateHosts: ['*.example.com'], perHostDelayMs: 0, respectRobots: false });
    expect((await listed.fetch({ url: 'http://news.example.com/b', kind: 'page' })).type).toBe('ok');
    expect(server.log.map((e) => e.path)).toEqual(['/a', '/b']);
    await Promise.all([open.close(), listed.close()]);
  });

  it('refuses the metadata address even for a private host, and with robots on', async () => {
    const fetcher = server.fetcher(['meta.test'], { resolve: { 'meta.test': '169.254.169.254:80' }, allowPrivateAddresses: true, respectRobots: true });
    const outcome = await fetcher.fetch({ url: 'http://meta.test/latest/meta-data/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/metadata/);
    expect(fetcher.stats().requests).toBe(0);
  });

  // DNS answers in every embedded-IPv4 form, for the page itself and for a redirect target.
  const embedded = ['::ffff:0:7f00:1', '::ffff:0:a9fe:a9fe', '::7f00:1', '64:ff9b::7f00:1', '64:ff9b:1::a00:1', '2002:7f00:1::', '2001:0:4136:e378::80ff:fffe'];

  it.each(embedded)('refuses a name that DNS answers with %s', async (address) => {
    const resolver = async () => [{ address, family: 6 }];
    const fetcher = createFetcher({ resolver, perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://evil.example.org/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
    expect(fetcher.stats().requests).toBe(0);
    await fetcher.close();
  });

  it.each(embedded)('refuses a redirect to a name that DNS answers with %s', async (address) => {
    server.route('start.test/go', redirect(302, 'http://evil.example.org/latest/meta-data/'));
    const asked: string[] = [];
    const resolver = async (host: string) => {
      asked.push(host);
      return [{ address, family: 6 }];
    };
    const fetcher = server.fetcher(['start.test'], { resolver, perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://start.test/go', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
    expect(asked).toEqual(['evil.example.org']);
    expect(server.log.map((e) => e.path)).toEqual(['/go']);
    await fetcher.close();
  });

  it('refuses a host if any of its addresses is private', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    const fetcher = createFetcher({ resolver, perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://mixed.example.org/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure.code).toBe('E_BLOCKED_ADDRESS');
    await fetcher.close();
  });

  it('reports a name that does not resolve as a network failure', async () => {
    const resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const fetcher = createFetcher({ resolver, perHostDelayMs: 0, respectRobots: false, retries: 2 });
    const outcome = await fetcher.fetch({ url: 'http://gone.example.org/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_NETWORK', permanent: false });
    expect(fetcher.stats().retries).toBe(0); // not worth retrying within the run
    await fetcher.close();
  });
});

describe('DNS pinning', () => {
  // Needs port 80 on a spare loopback address, since a resolver answer carries no port.
  let server: http.Server | null = null;
  const address = '127.77.0.1';
  beforeEach(async () => {
    const candidate = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>${req.headers.host}</body></html>`);
    });
    server = await new Promise<http.Server | null>((resolve) => {
      candidate.once('error', () => resolve(null));
      candidate.listen(80, address, () => resolve(candidate));
    });
  });
  afterEach(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    }
  });

  it('connects to the address it checked, asking DNS once per request', async (context) => {
    if (!server) context.skip();
    const answers = [address, '10.0.0.1', '10.0.0.1'];
    let calls = 0;
    // A rebinding resolver: the first answer passes the check, later ones would point elsewhere.
    const resolver = async () => [{ address: answers[Math.min(calls++, answers.length - 1)], family: 4 }];
    const fetcher = createFetcher({ resolver, privateHosts: ['rebind.test'], perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://rebind.test/', kind: 'page' });
    // .test never resolves in system DNS: success proves the connection used the checked answer.
    expect(outcome.type === 'ok' && outcome.text).toContain('rebind.test');
    expect(calls).toBe(1);
    await fetcher.close();
  });
});
