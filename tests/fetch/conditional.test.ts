import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ETAG = '"v1-abc"';
const LAST_MODIFIED = 'Sat, 31 May 2025 08:00:00 GMT';

function conditionalPage(extraHeaders: Record<string, string> = {}) {
  server.route('a.test/article', (req, res) => {
    if (req.headers['if-none-match'] === ETAG) {
      res.writeHead(304, { etag: ETAG, 'cache-control': 'max-age=120' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', etag: ETAG, 'last-modified': LAST_MODIFIED, 'cache-control': 'max-age=60', ...extraHeaders });
    res.end('<html><body>article</body></html>');
  });
}

describe('conditional GET and freshness', () => {
  it('returns validators with expiresAt from max-age', async () => {
    conditionalPage();
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const outcome = await fetcher.fetch({ url: 'http://a.test/article', kind: 'page' });
    expect(outcome.type).toBe('ok');
    if (outcome.type === 'ok') expect(outcome.validators).toEqual({ etag: ETAG, lastModified: LAST_MODIFIED, expiresAt: NOW + 60_000 });
  });

  it('skips a request whose expiresAt is in the future, without touching the network', async () => {
    conditionalPage();
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const outcome = await fetcher.fetch({ url: 'http://a.test/article', kind: 'page', validators: { etag: ETAG, expiresAt: NOW + 1 } });
    expect(outcome).toEqual({ type: 'fresh', url: 'http://a.test/article' });
    expect(server.log).toHaveLength(0);
    expect(fetcher.stats().requests).toBe(0);
    expect(fetcher.stats().outcomes.fresh).toBe(1);
  });

  it('revalidates once expired, sending If-None-Match and If-Modified-Since; a 304 reads no body', async () => {
    conditionalPage();
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const outcome = await fetcher.fetch({
      url: 'http://a.test/article',
      kind: 'page',
      validators: { etag: ETAG, lastModified: LAST_MODIFIED, expiresAt: NOW - 1 },
    });
    expect(outcome.type).toBe('not-modified');
    if (outcome.type === 'not-modified') {
      expect(outcome.finalUrl).toBe('http://a.test/article');
      // 304 refreshed the lifetime and kept the Last-Modified it did not repeat
      expect(outcome.validators).toEqual({ etag: ETAG, lastModified: LAST_MODIFIED, expiresAt: NOW + 120_000 });
    }
    const [entry] = server.log;
    expect(entry.headers['if-none-match']).toBe(ETAG);
    expect(entry.headers['if-modified-since']).toBe(LAST_MODIFIED);
    expect(fetcher.stats().bytes).toBe(0);
  });

  it('with refresh, ignores expiresAt but still sends validators', async () => {
    conditionalPage();
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const outcome = await fetcher.fetch({ url: 'http://a.test/article', kind: 'page', refresh: true, validators: { etag: ETAG, expiresAt: NOW + 3_600_000 } });
    expect(outcome.type).toBe('not-modified');
    expect(server.log).toHaveLength(1);
    expect(server.log[0].headers['if-none-match']).toBe(ETAG);
  });

  it('stores nothing for no-store', async () => {
    conditionalPage({ 'cache-control': 'no-store' });
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const outcome = await fetcher.fetch({ url: 'http://a.test/article', kind: 'page' });
    if (outcome.type !== 'ok') throw new Error(outcome.type);
    expect(outcome.validators).toEqual({ etag: null, lastModified: null, expiresAt: null });
  });

  it('computes expiresAt from Expires relative to the server Date', async () => {
    server.route('a.test/e', (_req, res) => {
      // The server clock is an hour ahead of ours; the lifetime it grants is still 10 minutes.
      res.writeHead(200, { 'content-type': 'text/html', date: new Date(NOW + 3_600_000).toUTCString(), expires: new Date(NOW + 3_600_000 + 600_000).toUTCString() });
      res.end('<html></html>');
    });
    server.route('a.test/nc', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache', etag: '"x"' });
      res.end('<html></html>');
    });
    const fetcher = server.fetcher(['a.test'], { now: () => NOW });
    const e = await fetcher.fetch({ url: 'http://a.test/e', kind: 'page' });
    if (e.type !== 'ok') throw new Error(e.type);
    expect(e.validators.expiresAt).toBe(NOW + 600_000);
    const nc = await fetcher.fetch({ url: 'http://a.test/nc', kind: 'page' });
    if (nc.type !== 'ok') throw new Error(nc.type);
    expect(nc.validators).toEqual({ etag: '"x"', lastModified: null, expiresAt: null });
  });
});
