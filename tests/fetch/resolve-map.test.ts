import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseResolveMap } from '../../crawler/config/resolve-map.ts';
import { createFetcher } from '../../crawler/fetch/index.ts';
import { html, startServer, type TestServer } from './fixtures/server.ts';

describe('parseResolveMap', () => {
  it('parses addresses with and without ports', () => {
    const map = parseResolveMap({ 'Blog.Test.': '127.0.0.1:43123', 'a.test': '10.0.0.1', 'v6.test': '[::1]:8080', 'v6b.test': '::1' });
    expect(map.get('blog.test')).toEqual({ address: '127.0.0.1', family: 4, port: 43123 });
    expect(map.get('a.test')).toEqual({ address: '10.0.0.1', family: 4, port: null });
    expect(map.get('v6.test')).toEqual({ address: '::1', family: 6, port: 8080 });
    expect(map.get('v6b.test')).toEqual({ address: '::1', family: 6, port: null });
  });

  it.each(['localhost:80', 'example.com', '127.0.0.1:99999', '127.0.0.1:', '1.2.3', '[::1'])('rejects %s', (value) => {
    expect(() => parseResolveMap({ 'x.test': value })).toThrow(TypeError);
  });
});

describe('resolve map in the fetcher', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('sends the connection to the mapped address and port, keeping URL and Host', async () => {
    server.route('blog.test/post', html('from blog'));
    server.route('shop.test/post', html('from shop'));
    const fetcher = server.fetcher(['blog.test', 'shop.test']);
    const blog = await fetcher.fetch({ url: 'http://blog.test/post', kind: 'page' });
    const shop = await fetcher.fetch({ url: 'http://shop.test/post', kind: 'page' });
    expect(blog.type === 'ok' && blog.text).toContain('from blog');
    expect(shop.type === 'ok' && shop.text).toContain('from shop');
    if (blog.type === 'ok') expect(blog.finalUrl).toBe('http://blog.test/post');
    expect(server.log.map((e) => e.headers.host)).toEqual(['blog.test', 'shop.test']);
  });

  it('keeps a non-default port in the Host header', async () => {
    server.route('blog.test/p', html('x'));
    const fetcher = server.fetcher(['blog.test']);
    await fetcher.fetch({ url: 'http://blog.test:8080/p', kind: 'page' });
    expect(server.log[0].headers.host).toBe('blog.test:8080');
  });

  it('refuses a .test host that is not in privateHosts, even when mapped', async () => {
    const fetcher = createFetcher({ resolve: { 'blog.test': `127.0.0.1:${server.port}` }, perHostDelayMs: 0, respectRobots: false });
    const outcome = await fetcher.fetch({ url: 'http://blog.test/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_BLOCKED_ADDRESS', permanent: true });
    expect(server.log).toHaveLength(0);
    await fetcher.close();
  });

  it('throws at creation on a malformed entry', () => {
    expect(() => createFetcher({ resolve: { 'x.test': 'not-an-ip' } })).toThrow(/crawl\.resolve/);
  });
});
