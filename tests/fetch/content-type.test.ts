import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, startServer, stream, text, until, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function typed(contentType: string | null, body: string | Buffer) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, contentType ? { 'content-type': contentType } : {});
    res.end(body);
  };
}

describe('content types by kind', () => {
  it('rejects a non-HTML page as not_html and stops reading the body', async () => {
    const total = 64 * 1024 * 1024;
    server.route('a.test/file.pdf', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      await stream(res, total);
    });
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/file.pdf', kind: 'page' });
    expect(outcome.type).toBe('rejected');
    if (outcome.type === 'rejected') {
      expect(outcome.reason).toBe('not_html');
      expect(outcome.detail).toContain('application/pdf');
      expect(outcome.finalUrl).toBe('http://a.test/file.pdf');
    }
    const [entry] = server.log;
    await until(() => entry.end !== null, 'the server to see the connection end');
    expect(entry.closedEarly).toBe(true);
    expect(entry.bytesWritten).toBeLessThan(total);
    expect(fetcher.stats().bytes).toBe(0);
  });

  it.each([
    ['text/html; charset=utf-8', 'ok'],
    ['application/xhtml+xml', 'ok'],
    ['TEXT/HTML', 'ok'],
    ['text/plain', 'rejected'],
    ['application/json', 'rejected'],
    ['image/png', 'rejected'],
  ])('page with %s → %s', async (contentType, expected) => {
    server.route('a.test/p', typed(contentType, '<html><body>x</body></html>'));
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/p', kind: 'page' });
    expect(outcome.type).toBe(expected);
  });

  it('sniffs a page served without Content-Type', async () => {
    server.route('a.test/html', typed(null, '  <!-- hi -->\n<!DOCTYPE html><html><body>x</body></html>'));
    server.route('a.test/bin', typed(null, Buffer.from([0, 1, 2, 3])));
    const fetcher = server.fetcher(['a.test']);
    const good = await fetcher.fetch({ url: 'http://a.test/html', kind: 'page' });
    expect(good.type === 'ok' && good.contentType).toBe('');
    expect((await fetcher.fetch({ url: 'http://a.test/bin', kind: 'page' })).type).toBe('rejected');
  });

  it.each([
    ['application/rss+xml', 'ok'],
    ['application/atom+xml', 'ok'],
    ['application/feed+json', 'ok'],
    ['application/xml', 'ok'],
    ['text/xml', 'ok'],
    ['application/json', 'ok'],
    ['text/html', 'ok'], // feed autodiscovery reads the HTML
    ['image/png', 'rejected'],
    ['application/octet-stream', 'rejected'],
  ])('feed with %s → %s', async (contentType, expected) => {
    server.route('a.test/feed', typed(contentType, '<rss></rss>'));
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/feed', kind: 'feed' });
    expect(outcome.type).toBe(expected);
    if (outcome.type === 'ok') expect(outcome.text).toBe('<rss></rss>');
  });

  it('accepts image/* for images, keeps the bytes, decodes no text', async () => {
    server.route('a.test/i.png', typed('image/png', PNG));
    server.route('a.test/page', html('not an image'));
    server.route('a.test/untyped', typed(null, PNG));
    const fetcher = server.fetcher(['a.test']);
    const image = await fetcher.fetch({ url: 'http://a.test/i.png', kind: 'image' });
    expect(image.type === 'ok' && image.body.equals(PNG)).toBe(true);
    expect(image.type === 'ok' && image.text).toBeNull();
    expect((await fetcher.fetch({ url: 'http://a.test/page', kind: 'image' })).type).toBe('rejected');
    const untyped = await fetcher.fetch({ url: 'http://a.test/untyped', kind: 'image' });
    expect(untyped.type === 'ok' && untyped.contentType).toBe('image/png');
  });

  it('accepts anything for other, decoding text only for textual types', async () => {
    server.route('a.test/data.json', typed('application/json', '{"a":1}'));
    server.route('a.test/blob', typed('application/octet-stream', Buffer.from([1, 2, 3])));
    const fetcher = server.fetcher(['a.test']);
    const json = await fetcher.fetch({ url: 'http://a.test/data.json', kind: 'other' });
    expect(json.type === 'ok' && json.text).toBe('{"a":1}');
    const blob = await fetcher.fetch({ url: 'http://a.test/blob', kind: 'other' });
    expect(blob.type === 'ok' && blob.text).toBeNull();
  });

  it('sends an Accept header suited to the kind, and the configured User-Agent', async () => {
    server.fallback('a.test', text(200, 'x'));
    const fetcher = server.fetcher(['a.test'], { userAgent: 'TestBot/9 (+https://example.org/bot)' });
    await fetcher.fetch({ url: 'http://a.test/1', kind: 'page' });
    await fetcher.fetch({ url: 'http://a.test/2', kind: 'image' });
    expect(server.log[0].headers.accept).toMatch(/^text\/html/);
    expect(server.log[1].headers.accept).toMatch(/^image\//);
    expect(server.log[0].headers['user-agent']).toBe('TestBot/9 (+https://example.org/bot)');
  });
});
