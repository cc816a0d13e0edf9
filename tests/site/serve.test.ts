import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { AMP_POLICY } from '../../site/html/csp.ts';
import { SECURITY_HEADERS } from '../../site/html/security-headers.ts';

let dir: string;
let server: StaticServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gleaner-serve-'));
  await mkdir(join(dir, 'science', 'story'), { recursive: true });
  await mkdir(join(dir, 'media'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(join(dir, '404.html'), '<!doctype html><title>missing</title>');
  await writeFile(join(dir, 'science', 'story', 'index.html'), '<!doctype html><title>story</title>');
  await mkdir(join(dir, 'amp', 'science', 'story'), { recursive: true });
  await writeFile(join(dir, 'amp', 'science', 'story', 'index.html'), '<!doctype html><html ⚡><title>amp</title>');
  await writeFile(join(dir, 'with-policy.html'), `<!doctype html><meta http-equiv="content-security-policy" content="default-src &#39;self&#39;;"><title>p</title>`);
  await writeFile(join(dir, 'rss.xml'), '<rss/>');
  await writeFile(join(dir, 'feed.json'), '{}');
  await writeFile(join(dir, 'manifest.webmanifest'), '{}');
  await writeFile(join(dir, 'media', 'a.webp'), Buffer.from([1, 2, 3]));
  await writeFile(join(dir, 'app.js'), 'export {}');
  await mkdir(join(dir, 'data'), { recursive: true });
  await writeFile(join(dir, 'data', 'site.sqlite'), Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251)));
  await writeFile(join(tmpdir(), 'gleaner-serve-secret.txt'), 'secret');
  server = await serveStatic(dir, { port: 0 });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  await rm(join(tmpdir(), 'gleaner-serve-secret.txt'), { force: true });
});

describe('serveStatic', () => {
  it('serves /x/ from /x/index.html as HTML', async () => {
    const res = await fetch(new URL('science/story/', server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('story');
  });

  it('redirects a folder without its trailing slash', async () => {
    const res = await fetch(new URL('science/story?x=1', server.url), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/science/story/?x=1');
  });

  it('answers missing paths with the built 404 page and status 404', async () => {
    const res = await fetch(new URL('nope/', server.url));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('missing');
  });

  it('sends the Content-Type the deploy gives each file: feeds, media, scripts and the manifest', async () => {
    const types: Record<string, string> = {
      'rss.xml': 'application/rss+xml; charset=utf-8',
      'feed.json': 'application/feed+json; charset=utf-8',
      'media/a.webp': 'image/webp',
      'app.js': 'text/javascript; charset=utf-8',
      'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await fetch(new URL(path, server.url));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      await res.arrayBuffer();
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(new URL('media/a.webp', server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('3');
    const post = await fetch(server.url, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('sends a page’s Content-Security-Policy as a header, with frame-ancestors, and the AMP policy on AMP pages', async () => {
    const page = await fetch(new URL('with-policy.html', server.url));
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(Number(page.headers.get('content-length'))).toBe((await page.arrayBuffer()).byteLength);
    const amp = await fetch(new URL('amp/science/story/', server.url));
    expect(amp.headers.get('content-security-policy')).toBe(AMP_POLICY);
    await amp.arrayBuffer();
    const plain = await fetch(new URL('science/story/', server.url));
    expect(plain.headers.get('content-security-policy')).toBeNull();
    await plain.arrayBuffer();
    const feed = await fetch(new URL('rss.xml', server.url));
    expect(feed.headers.get('content-security-policy')).toBeNull();
    await feed.arrayBuffer();
  });

  it('sends HSTS, Referrer-Policy, Permissions-Policy and nosniff with every file, and forbids framing all but AMP pages', async () => {
    for (const path of ['science/story/', 'rss.xml', 'media/a.webp', 'amp/science/story/']) {
      const res = await fetch(new URL(path, server.url));
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
    const page = await fetch(new URL('science/story/', server.url));
    await page.arrayBuffer();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const amp = await fetch(new URL('amp/science/story/', server.url));
    await amp.arrayBuffer();
    expect(amp.headers.get('x-frame-options')).toBeNull();
  });

  it('answers a byte range with 206, Content-Range and only those bytes, as S3 does', async () => {
    const whole = await fetch(new URL('data/site.sqlite', server.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const all = new Uint8Array(await whole.arrayBuffer());
    expect(all.length).toBe(10_000);
    const cases: Array<[string, number, number]> = [
      ['bytes=4096-8191', 4096, 8191],
      ['bytes=8192-', 8192, 9999],
      ['bytes=9000-20000', 9000, 9999],
      ['bytes=-100', 9900, 9999],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetch(new URL('data/site.sqlite', server.url), { headers: { Range: range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/10000`);
      expect(res.headers.get('accept-ranges'), range).toBe('bytes');
      expect(res.headers.get('content-type'), range).toBe('application/vnd.sqlite3');
      expect(Number(res.headers.get('content-length')), range).toBe(end - start + 1);
      expect(new Uint8Array(await res.arrayBuffer()), range).toEqual(all.subarray(start, end + 1));
    }
  });

  it('answers a range past the end with 416, and an unreadable or multiple range with the whole file', async () => {
    const past = await fetch(new URL('data/site.sqlite', server.url), { headers: { Range: 'bytes=10000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10000');
    await past.arrayBuffer();
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
      const res = await fetch(new URL('data/site.sqlite', server.url), { headers: { Range: range } });
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength, range).toBe(10_000);
    }
  });

  it('never serves files outside the folder', async () => {
    for (const path of ['/../gleaner-serve-secret.txt', '/%2e%2e/gleaner-serve-secret.txt', '/..%2fgleaner-serve-secret.txt']) {
      const res = await fetch(`${server.url.replace(/\/$/, '')}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });
});
