import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, startServer, text, type Handler, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

/** Answers with each handler in turn, then repeats the last. */
function sequence(...handlers: Handler[]): Handler {
  let i = 0;
  return (req, res, entry) => handlers[Math.min(i++, handlers.length - 1)](req, res, entry);
}

describe('retries', () => {
  it('honours Retry-After in seconds on 429', async () => {
    server.route('a.test/x', sequence(text(429, 'slow down', { 'retry-after': '1' }), html('ok')));
    const fetcher = server.fetcher(['a.test'], { retries: 2 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('ok');
    const [first, second] = server.requestsTo('a.test', '/x');
    expect(second.start - first.end!).toBeGreaterThanOrEqual(1000);
    expect(fetcher.stats().retries).toBe(1);
  });

  it('honours Retry-After as an HTTP date on 503', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    server.route('a.test/x', sequence(text(503, 'maintenance', { 'retry-after': new Date(now + 1000).toUTCString() }), html('ok')));
    const fetcher = server.fetcher(['a.test'], { retries: 1, now: () => now });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('ok');
    const [first, second] = server.requestsTo('a.test', '/x');
    expect(second.start - first.end!).toBeGreaterThanOrEqual(1000);
  });

  it('gives up at once on a Retry-After beyond maxRetryAfterMs, reporting it', async () => {
    server.route('a.test/x', text(429, 'come back tomorrow', { 'retry-after': '86400' }));
    const fetcher = server.fetcher(['a.test'], { retries: 3, maxRetryAfterMs: 60_000 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('error');
    if (outcome.type === 'error') {
      expect(outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status: 429, permanent: false, retryAfterMs: 86_400_000 });
    }
    expect(server.requestsTo('a.test', '/x')).toHaveLength(1);
  });

  it('reports retryAfterMs when retries run out', async () => {
    server.route('a.test/x', text(503, 'busy', { 'retry-after': '0' }));
    const fetcher = server.fetcher(['a.test'], { retries: 1 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status: 503, permanent: false, retryAfterMs: 0 });
    expect(server.requestsTo('a.test', '/x')).toHaveLength(2);
  });

  it('retries a 5xx with backoff and succeeds', async () => {
    server.route('a.test/x', sequence(text(502, 'bad gateway'), text(500, 'oops'), html('finally')));
    const fetcher = server.fetcher(['a.test'], { retries: 2, retryBaseDelayMs: 50 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('ok');
    const entries = server.requestsTo('a.test', '/x');
    expect(entries).toHaveLength(3);
    // equal jitter: at least half of 50·2^attempt
    expect(entries[1].start - entries[0].end!).toBeGreaterThanOrEqual(25);
    expect(entries[2].start - entries[1].end!).toBeGreaterThanOrEqual(50);
    expect(fetcher.stats().retries).toBe(2);
  });

  it('stops after the configured retries with a transient failure', async () => {
    server.route('a.test/x', text(500, 'always broken'));
    const fetcher = server.fetcher(['a.test'], { retries: 2 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status: 500, permanent: false });
    expect(server.requestsTo('a.test', '/x')).toHaveLength(3);
  });

  it.each([
    [404, true],
    [410, true],
    [403, false],
    [401, false],
  ])('does not retry HTTP %i (permanent: %s)', async (status, permanent) => {
    server.route('a.test/x', text(status, 'no'));
    const fetcher = server.fetcher(['a.test'], { retries: 3 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status, permanent });
    expect(server.requestsTo('a.test', '/x')).toHaveLength(1);
  });

  it('retries a dropped connection', async () => {
    server.route('a.test/x', sequence((req) => void req.socket.destroy(), html('second time lucky')));
    const fetcher = server.fetcher(['a.test'], { retries: 1 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type).toBe('ok');
    expect(server.requestsTo('a.test', '/x')).toHaveLength(2);
  });

  it('reports a network failure as transient', async () => {
    server.route('a.test/x', (req) => void req.socket.destroy());
    const fetcher = server.fetcher(['a.test'], { retries: 0 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_NETWORK', permanent: false });
  });
});
