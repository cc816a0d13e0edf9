import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { stripControlCharacters } from '../../crawler/clean/index.ts';
import { DEFAULT_LIMITS } from '../../crawler/extract/index.ts';
import { firstItems, parseFeed } from '../../crawler/discover/feed.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { workerProcessor } from '../../crawler/process/pool.ts';
import { processPage } from '../../crawler/process/process-page.ts';
import { articleSlug, uniqueSlug } from '../../crawler/publish/slug.ts';
import { articleHtml, prose } from '../../scripts/dev/bench/lib/crawl-pages.ts';
import { pathologicalPage } from '../../scripts/dev/hostile/routes/markup.ts';
import { WINDOWS_RESERVED } from '../../scripts/dev/hostile/routes/paths.ts';
import { clock, HOUR, query, removeTempRoots, tempRoot } from '../crawler/helpers.ts';
import { miniConfig, startMiniWeb, type MiniWeb } from '../discover/fixtures/mini-web.ts';
import { html as htmlHandler, startServer, text } from '../fetch/fixtures/server.ts';

// The fixes the hostile web called for, each shown on its own, smaller than a whole crawl.

const options = { minWords: 300, maskProfanity: false };
const page = (seed: number, extra = '') => {
  const url = `http://fix.test/posts/${seed}/`;
  return { url, html: articleHtml({ url, siteName: 'Fix', author: 'Ann Lee', date: new Date(Date.UTC(2026, 2, 1)), prose: prose(seed, 450) }).replace('</article>', `${extra}</article>`) };
};

describe('robots.txt that cannot be read', () => {
  let web: MiniWeb;
  beforeAll(async () => {
    web = await startMiniWeb(['news.test', 'feeds.test']);
  });
  afterAll(async () => {
    await web?.close();
    removeTempRoots();
  });

  it('fails the page for now and publishes it once robots.txt answers, instead of rejecting it for good', async () => {
    const url = 'http://news.test/story';
    const p = prose(11, 450);
    web.set(url, { body: articleHtml({ url, siteName: 'News', author: 'Ann Lee', date: new Date(Date.UTC(2026, 2, 1)), prose: p }) });
    web.set('http://feeds.test/feed.xml', { type: 'application/rss+xml', body: `<?xml version="1.0"?><rss version="2.0"><channel><title>N</title><item><title>${p.title}</title><link>${url}</link></item></channel></rss>` });
    web.set('http://news.test/robots.txt', { status: 503, type: 'text/plain', body: 'down' });
    const paths = tempRoot();
    const c = clock();
    const config = parseConfig(miniConfig(web, ['http://feeds.test/feed.xml'], { images: { enabled: false } }));

    const first = await runCrawl(config, paths, { now: c.fn });
    expect(first.failed).toEqual({ E_FETCH_HTTP: 1 });
    expect(web.hits(url)).toHaveLength(0);
    const [row] = await query<{ state: string; error_code: string; detail: string; next_retry_at: string | null }>(paths, 'SELECT state, error_code, detail, next_retry_at FROM urls WHERE url = ?', [url]);
    expect(row).toMatchObject({ state: 'failed', error_code: 'E_FETCH_HTTP' });
    expect(row!.detail).toMatch(/robots\.txt unreachable/);
    expect(row!.next_retry_at).toBe(new Date(c.now + HOUR).toISOString());

    web.set('http://news.test/robots.txt', { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' });
    c.advance(HOUR + 1000);
    const second = await runCrawl(config, paths, { now: c.fn });
    expect(second.published).toBe(1);
    expect(web.hits(url)).toHaveLength(1);
  });
});

describe('slugs', () => {
  it('never take a name Windows reserves for a device', () => {
    for (const title of ['NUL', 'con', 'Aux', 'PRN', 'com1', 'LPT9']) {
      const slug = uniqueSlug(articleSlug(title), () => false);
      expect(WINDOWS_RESERVED.test(slug), `${title} → ${slug}`).toBe(false);
      expect(slug).toBe(`${articleSlug(title)}-2`);
    }
    expect(uniqueSlug(articleSlug('Console wars'), () => false)).toBe('console-wars');
  });
});

describe('control characters', () => {
  it('are stripped from every text field of an article, keeping tabs and newlines', () => {
    expect(stripControlCharacters('a\u0000b\u0007c\u001b[31md\te\nf\u007f\u0085g\uFFFE\uD800h')).toBe('abc[31md\te\nfgh');
    expect(stripControlCharacters('emoji 😀 stays')).toBe('emoji 😀 stays');
    const p = page(21, '<p>Bell\u0007 null\u0000 escape\u001b and form\u000c feed in the text.</p>');
    const html = p.html.replace(/<title>([^<]*)<\/title>/, '<title>$1\u0000\u0007</title>').replace('content="Ann Lee"', 'content="Ann\u0007 Lee"');
    const out = processPage(html, p.url, options);
    expect(out.type).toBe('article');
    if (out.type !== 'article') return;
    const fields = [out.article.title, out.article.markdown, out.article.text, out.article.excerpt, out.article.author ?? '', out.article.description ?? ''];
    for (const field of fields) expect(field).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    expect(out.article.markdown).toContain('Bell null escape and form feed');
  });
});

describe('feeds far longer than crawl.maxItemsPerFeed', () => {
  const items = (n: number, extra = '') => Array.from({ length: n }, (_, i) => `<item><title>Item ${i}</title><link>http://f.test/${i}</link>${extra}</item>`).join('\n');
  const rss = (body: string) => `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>F</title>${body}</channel></rss>`;

  it('are parsed only as far as the items kept', async () => {
    const big = rss(items(100_000, '<description><![CDATA[<p>an </item> inside CDATA</p>]]></description><!-- </item> -->'));
    const bounded = firstItems(big, 200);
    expect(bounded.length).toBeLessThan(big.length / 100);
    expect(bounded.endsWith('</item></channel></rss>')).toBe(true);
    const parsed = await parseFeed(big, 'http://f.test/feed.xml', 200);
    expect(parsed.ok && parsed.feed.items.map((i) => i.url)).toEqual(Array.from({ length: 200 }, (_, i) => `http://f.test/${i}`));
  });

  it('leave small feeds, and feeds with no more items than the cap, untouched', () => {
    const small = rss(items(300));
    expect(firstItems(small, 200)).toBe(small);
    const exact = rss(items(5_000));
    expect(firstItems(exact, 5_000)).toBe(exact);
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>${Array.from({ length: 20_000 }, (_, i) => `<entry><title>E${i}</title><link href="http://f.test/${i}"/></entry>`).join('')}</feed>`;
    expect(firstItems(atom, 3)).toMatch(/<entry><title>E2<\/title><link href="http:\/\/f.test\/2"\/><\/entry><\/feed>$/);
  });
});

describe('extraction limits', () => {
  it('reach extraction from the config, with the extractor own defaults as the defaults', () => {
    const config = parseConfig({ site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'a', name: 'A', sources: ['https://t.example/feed'] }] });
    expect({ maxInputChars: config.crawl.extractMaxChars, maxElements: config.crawl.extractMaxElements, maxDepth: config.crawl.extractMaxDepth }).toEqual(DEFAULT_LIMITS);
    const p = page(22, `${'<div>'.repeat(60)}<p>deep enough words here for a paragraph of text</p>${'</div>'.repeat(60)}`);
    expect(processPage(p.html, p.url, options).type).toBe('article');
    const limited = processPage(p.html, p.url, { ...options, extract: { maxDepth: 40 } });
    expect(limited).toMatchObject({ type: 'failed', failure: { code: 'E_EXTRACT_EMPTY', message: expect.stringMatching(/max_depth/) } });
  });
});

describe('robots.txt limits from the config', () => {
  it('read robots.txt up to crawl.maxRobotsBytes: a rule past the default 500 KiB counts only with a larger cap', async () => {
    const config = parseConfig({ site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'a', name: 'A', sources: ['https://t.example/feed'] }] });
    expect(config.crawl.maxRobotsBytes).toBe(500 * 1024);
    expect(config.crawl.maxCrawlDelayMs).toBe(60_000);
    const server = await startServer();
    try {
      server.route('a.test/robots.txt', text(200, `User-agent: *\n${'# padding padding padding padding padding\n'.repeat(13_000)}Disallow: /late/\n`));
      server.fallback('a.test', htmlHandler('page'));
      const small = server.fetcher(['a.test'], { respectRobots: true });
      expect((await small.fetch({ url: 'http://a.test/late/x', kind: 'page' })).type).toBe('ok');
      const large = server.fetcher(['a.test'], { respectRobots: true, maxRobotsBytes: 1024 * 1024 });
      expect((await large.fetch({ url: 'http://a.test/late/x', kind: 'page' })).type).toBe('rejected');
    } finally {
      await server.close();
    }
  });
});

describe('processing in a worker', () => {
  it('abandons a page that takes longer than processTimeoutMs, and the next page is processed by a fresh worker', async () => {
    const pool = workerProcessor(1, { timeoutMs: 2000 });
    try {
      // The hostile web's pathological page three times over (12 MB, 42,000 containers), with the
      // extraction limits lifted for it: ~5 s of work on an idle machine, where an ordinary page
      // takes a tenth of a second (both slow down alike on a busy one).
      const slow = pathologicalPage(42_000);
      const unbounded = { ...options, extract: { maxInputChars: 100_000_000, maxElements: 1_000_000, maxDepth: 1000 } };
      const fine = page(23);
      const [stuck, after] = await Promise.all([pool.process(slow, 'http://fix.test/slow', unbounded), pool.process(fine.html, fine.url, options)]);
      expect(stuck).toMatchObject({ type: 'failed', failure: { code: 'E_EXTRACT_FAILED', permanent: true, message: expect.stringMatching(/longer than 2000 ms/) } });
      expect(after.type).toBe('article');
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('config URLs', () => {
  it('refuse a user name or password: secrets belong in the environment, not the public config', () => {
    expect(() =>
      parseConfig({ site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'a', name: 'A', sources: ['https://reader:s3cret@t.example/feed'] }] }),
    ).toThrow(/user name or password/);
    expect(() =>
      parseConfig({ site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'a', name: 'A', keywords: ['harbor'], sources: [{ kind: 'search' }] }], search: { searxngUrl: 'https://key:abc@searx.example' } }),
    ).toThrow(/user name or password/);
  });
});
