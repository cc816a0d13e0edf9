import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, startServer, until, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe('timeouts', () => {
  it('gives up on a server that never answers (response timeout)', async () => {
    server.route('a.test/hang', () => {}); // reads the request, never responds
    const fetcher = server.fetcher(['a.test'], { responseTimeoutMs: 200, totalTimeoutMs: 5000 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/hang', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_TIMEOUT', permanent: false });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/response/);
    expect(server.log).toHaveLength(1);
    await until(() => server.log[0].closedEarly, 'the server to see the connection closed');
  });

  it('gives up on a body that stalls (total timeout)', async () => {
    server.route('a.test/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>and then nothing');
    });
    const fetcher = server.fetcher(['a.test'], { responseTimeoutMs: 5000, totalTimeoutMs: 300 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/stall', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_TIMEOUT', permanent: false });
  });

  it('retries a timeout', async () => {
    let n = 0;
    server.route('a.test/flaky', (req, res, entry) => {
      if (n++ === 0) return; // first attempt hangs
      html('second')(req, res, entry);
    });
    // The second attempt must be answered within the response timeout too: room for a loaded machine.
    const fetcher = server.fetcher(['a.test'], { responseTimeoutMs: 2000, retries: 1 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/flaky', kind: 'page' });
    expect(outcome.type).toBe('ok');
    expect(server.log).toHaveLength(2);
  });
});

describe('errors for bad input', () => {
  it.each([
    ['not a url', 'E_URL_INVALID'],
    ['ftp://a.test/x', 'E_URL_INVALID'],
    ['http://127.0.0.1/', 'E_BLOCKED_ADDRESS'],
    ['http://localhost/', 'E_BLOCKED_ADDRESS'],
  ])('%s → %s, without a request', async (url, code) => {
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url, kind: 'page' });
    expect(outcome).toMatchObject({ type: 'error', url, failure: { code, permanent: true }, redirects: [] });
    expect(fetcher.stats().requests).toBe(0);
  });
});

describe('stats and close', () => {
  it('counts requests, bytes, retries and outcomes', async () => {
    let n = 0;
    server.route('a.test/ok', html('hello'));
    server.route('a.test/retry', (req, res, entry) => (n++ === 0 ? void req.socket.destroy() : html('x')(req, res, entry)));
    server.route('a.test/robots.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /no\n');
    });
    const fetcher = server.fetcher(['a.test'], { respectRobots: true, retries: 1 });
    const ok = await fetcher.fetch({ url: 'http://a.test/ok', kind: 'page' });
    await fetcher.fetch({ url: 'http://a.test/no', kind: 'page' });
    await fetcher.fetch({ url: 'http://a.test/missing', kind: 'page' });
    await fetcher.fetch({ url: 'http://a.test/retry', kind: 'page' });
    await fetcher.fetch({ url: 'http://a.test/ok', kind: 'page', validators: { expiresAt: Date.now() + 60_000 } });
    const stats = fetcher.stats();
    expect(stats.outcomes).toEqual({ ok: 2, 'not-modified': 0, fresh: 1, rejected: 1, error: 1 });
    expect(stats.failures).toEqual({ E_FETCH_HTTP: 1 });
    expect(stats.requests).toBe(server.log.length); // robots + ok + missing + retry×2
    expect(stats.requests).toBe(5);
    expect(stats.robotsRequests).toBe(1);
    expect(stats.retries).toBe(1);
    expect(stats.bytes).toBeGreaterThanOrEqual(ok.type === 'ok' ? ok.bytes : Infinity);
  });

  it('close() aborts requests in flight and refuses new ones', async () => {
    server.route('a.test/hang', () => {});
    const fetcher = server.fetcher(['a.test']);
    const pending = fetcher.fetch({ url: 'http://a.test/hang', kind: 'page' });
    await until(() => server.log.length === 1, 'the request to arrive');
    await fetcher.close();
    expect(await pending).toMatchObject({ type: 'error', failure: { code: 'E_INTERNAL', message: 'fetcher closed' } });
    expect(await fetcher.fetch({ url: 'http://a.test/other', kind: 'page' })).toMatchObject({ type: 'error', failure: { code: 'E_INTERNAL' } });
    await until(() => server.log[0].closedEarly, 'the server to see the connection closed');
  });

  it('close() also releases fetches waiting for their host', async () => {
    server.route('a.test/hang', () => {});
    const fetcher = server.fetcher(['a.test'], { perHostDelayMs: 60_000 });
    const first = fetcher.fetch({ url: 'http://a.test/hang', kind: 'page' });
    const queued = fetcher.fetch({ url: 'http://a.test/next', kind: 'page' });
    await until(() => server.log.length === 1, 'the first request to arrive');
    await fetcher.close();
    expect((await first).type).toBe('error');
    expect((await queued).type).toBe('error');
    expect(server.log).toHaveLength(1);
  });
});
