import { describe, expect, it } from 'vitest';
import { archiveIndexPage } from '../../crawler/archive/index-page.ts';
import { archiveId, keptHeaders } from '../../crawler/archive/manifest.ts';
import { parseConfig } from '../../crawler/config/index.ts';
import { pageOptionsFor } from '../../crawler/config/page-options.ts';
import type { ArchiveRecord } from '../../crawler/store/archives.ts';

describe('page options', () => {
  const config = parseConfig({
    site: { title: 'T', url: 'https://t.example.org/' },
    crawl: { archive: true },
    topics: [
      { slug: 'a', name: 'A', render: true, sources: ['https://a.example.com/feed.xml', { kind: 'feed', url: 'https://b.example.com/feed.xml', render: false, archive: false }] },
      { slug: 'b', name: 'B', sources: ['https://c.example.com/feed.xml'] },
    ],
  });
  it('takes the source’s setting, else its topic’s, else the site’s', () => {
    expect(pageOptionsFor(config, { topic: 0, source: 0 })).toEqual({ render: true, archive: true });
    expect(pageOptionsFor(config, { topic: 0, source: 1 })).toEqual({ render: false, archive: false });
    expect(pageOptionsFor(config, { topic: 1, source: 0 })).toEqual({ render: false, archive: true });
    expect(pageOptionsFor(config, { topic: 1 })).toEqual({ render: false, archive: true });
    expect(pageOptionsFor(config, {})).toEqual({ render: false, archive: true });
  });
});

describe('archive parts', () => {
  it('names a copy by its final URL and bytes', () => {
    const id = archiveId('https://x.example.com/a', Buffer.from('<p>a</p>'));
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(archiveId('https://x.example.com/a', Buffer.from('<p>a</p>'))).toBe(id);
    expect(archiveId('https://x.example.com/b', Buffer.from('<p>a</p>'))).not.toBe(id);
  });

  it('keeps only the headers that matter', () => {
    expect(keptHeaders({ 'content-type': 'text/html', etag: '"1"', 'set-cookie': ['a=b'], server: 'x', date: 'Tue, 03 Mar 2026 10:00:00 GMT' })).toEqual({
      'content-type': 'text/html',
      etag: '"1"',
      date: 'Tue, 03 Mar 2026 10:00:00 GMT',
    });
  });

  it('writes an index page with no scripts, its text escaped and only http(s) links', () => {
    const record: ArchiveRecord = {
      id: '0123456789abcdef',
      urlId: 1,
      articleId: 1,
      url: 'https://x.example.com/a',
      finalUrl: 'https://x.example.com/a',
      status: 200,
      fetchedAt: '2026-03-03T10:00:00.000Z',
      rendered: false,
      headers: { 'content-type': 'text/html"><script>alert(1)</script>' },
      files: [{ name: 'page.html.gz', type: 'application/gzip', bytes: 2048, sha256: 'f'.repeat(64) }],
      provenance: [{ context: 'post', source: { kind: 'discourse', url: 'javascript:alert(1)' }, post: { url: 'https://forum.example.com/t/1', title: '<img src=x onerror=alert(1)>', author: 'ann', publishedAt: null }, item: null, inQuote: false, firstSeenAt: '2026-03-03T09:00:00.000Z' }],
    };
    const html = archiveIndexPage(record, 'Site <b>');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'`);
    expect(html).toContain('<a href="page.html.gz" download>');
    expect(html).toContain('2.0 KiB');
  });
});
