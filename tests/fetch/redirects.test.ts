import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, redirect, startServer, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe('redirects', () => {
  it('follows a chain hop by hop, normalizing each hop, and records it', async () => {
    server.route('a.test/start', redirect(301, '/step-two?utm_source=x&b=2&a=1'));
    server.route('a.test/step-two', redirect(302, 'HTTP://B.TEST:80/three/./final#frag'));
    server.route('b.test/three/final', redirect(307, 'final-2'));
    server.route('b.test/three/final-2', html('arrived'));
    const fetcher = server.fetcher(['a.test', 'b.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/start', kind: 'page' });
    expect(outcome.type).toBe('ok');
    if (outcome.type !== 'ok') return;
    expect(outcome.url).toBe('http://a.test/start');
    expect(outcome.finalUrl).toBe('http://b.test/three/final-2');
    expect(outcome.redirects).toEqual([
      { from: 'http://a.test/start', to: 'http://a.test/step-two?a=1&b=2', status: 301 },
      { from: 'http://a.test/step-two?a=1&b=2', to: 'http://b.test/three/final', status: 302 },
      { from: 'http://b.test/three/final', to: 'http://b.test/three/final-2', status: 307 },
    ]);
    expect(outcome.text).toContain('arrived');
    expect(server.log.map((e) => `${e.host}${e.path}`)).toEqual(['a.test/start', 'a.test/step-two?a=1&b=2', 'b.test/three/final', 'b.test/three/final-2']);
  });

  it('detects a redirect loop', async () => {
    server.route('a.test/x', redirect(302, '/y'));
    server.route('a.test/y', redirect(302, 'http://a.test/x'));
    const fetcher = server.fetcher(['a.test'], { maxRedirects: 10 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure.code).toBe('E_REDIRECT_LOOP');
    if (outcome.type === 'error') expect(outcome.redirects.map((r) => r.to)).toEqual(['http://a.test/y', 'http://a.test/x']);
    expect(server.log).toHaveLength(2);
  });

  it('stops after maxRedirects hops', async () => {
    for (let i = 0; i < 5; i++) server.route(`a.test/${i}`, redirect(301, `/${i + 1}`));
    server.route('a.test/5', html('too far'));
    const fetcher = server.fetcher(['a.test'], { maxRedirects: 2 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/0', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure.code).toBe('E_TOO_MANY_REDIRECTS');
    expect(server.log.map((e) => e.path)).toEqual(['/0', '/1', '/2']);
  });

  it('refuses a redirect to an IP literal (the server itself), without connecting', async () => {
    server.route('a.test/x', redirect(302, `http://127.0.0.1:${server.port}/admin`));
    server.fallback('127.0.0.1', html('internal admin'));
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('error');
    if (outcome.type === 'error') {
      expect(outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
      expect(outcome.failure.message).toContain('127.0.0.1');
    }
    expect(server.log.map((e) => e.host)).toEqual(['a.test']);
  });

  it.each([
    ['http://localhost/', 'E_BLOCKED_ADDRESS'],
    ['http://0x7f.1/', 'E_BLOCKED_ADDRESS'],
    ['http://[::1]/', 'E_BLOCKED_ADDRESS'],
    ['http://other.test/', 'E_BLOCKED_ADDRESS'], // .test, but not in privateHosts
    ['ftp://a.test/file', 'E_URL_INVALID'],
    ['http://user:pw@a.test/', 'E_URL_INVALID'],
  ])('refuses a redirect to %s with %s', async (location, code) => {
    server.route('a.test/x', redirect(301, location));
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code, permanent: true });
    expect(server.log).toHaveLength(1);
  });

  it('fails a redirect without Location', async () => {
    server.route('a.test/x', (_req, res) => {
      res.writeHead(302);
      res.end();
    });
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status: 302 });
  });
});
