import { parseHTML } from 'linkedom';
import robotsParserModule from 'robots-parser';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords as words } from '../../scripts/dev/demo/html.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES, get } from './http.ts';

// robots-parser is CommonJS with an ESM-style .d.ts: under nodenext the default import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

let web: SampleWeb;
const rss = new Parser();

beforeAll(async () => {
  web = await startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
});
afterAll(async () => {
  await web?.close();
});

const entry = (predicate: (e: SampleWeb['manifest']['urls'][number]) => boolean) => {
  const found = web.manifest.urls.find(predicate);
  if (!found) throw new Error('no such manifest entry');
  return found;
};
const trap = (id: string) => entry((e) => e.trap === id);

describe('hosts and manifest', () => {
  it('serves every host on one port and gives a resolve map for the crawler config', () => {
    expect(web.hosts).toEqual(['orbitalnotes.test', 'greenledger.test', 'bytesmith.test', 'dailyparallax.test', 'www.orbitalnotes.test', 'forum.test', 'search.test']);
    for (const host of web.hosts) expect(web.resolve[host]).toBe(`127.0.0.1:${web.port}`);
    expect(web.problems).toEqual([]);
  });

  it('answers every manifest URL with its expected status, type and validators', async () => {
    expect(web.manifest.urls.length).toBeGreaterThan(40);
    expect(new Set(web.manifest.urls.map((e) => e.url)).size).toBe(web.manifest.urls.length);
    for (const e of web.manifest.urls) {
      const answer = await get(web.port, e.url);
      expect(answer.status, e.url).toBe(e.status);
      if (e.status === 301) {
        expect(answer.headers.location, e.url).toBe(e.finalUrl);
        continue;
      }
      expect(answer.headers['content-type'], e.url).toMatch(new RegExp(`^${e.contentType!.replace('+', '\\+')}`));
      if (e.status !== 200) continue;
      expect(answer.headers.etag, e.url).toMatch(/^"[0-9a-f]+"$/);
      expect(Date.parse(answer.headers['last-modified'] ?? ''), e.url).not.toBeNaN();
      if (e.kind === 'feed') expect(answer.headers['cache-control'], e.url).toBe('max-age=300');
      expect(answer.body.length, e.url).toBe(Number(answer.headers['content-length']));
    }
  });

  it('gives every article and trap an expected fate, and lists the canonical published set', () => {
    const articles = web.manifest.urls.filter((e) => e.kind === 'article');
    expect(articles).toHaveLength(7);
    expect(articles.every((e) => e.expect === 'published' && e.topic)).toBe(true);
    expect(web.manifest.articles.map((a) => a.url).sort()).toEqual(articles.map((a) => a.url).sort());
    const fates = Object.fromEntries(web.manifest.urls.filter((e) => e.kind === 'trap').map((e) => [e.trap, `${e.expect}:${e.reason ?? ''}`]));
    expect(fates).toEqual({
      'tracking-params': 'duplicate:duplicate_url',
      'www-host': 'duplicate:duplicate_url',
      syndicated: 'duplicate:near_duplicate',
      'too-short': 'rejected:too_short',
      'login-wall': 'rejected:too_short',
      'not-found': 'failed:E_FETCH_HTTP',
      redirect: 'published:',
      robots: 'rejected:robots',
      'not-html': 'rejected:not_html',
    });
  });

  it('records which feeds, sitemaps and forum posts list each URL', () => {
    const orbitalFeed = 'http://orbitalnotes.test/feed.xml';
    const comets = entry((e) => e.url === 'http://orbitalnotes.test/2026/03/how-comets-get-their-tails/');
    expect(comets.foundIn).toContain(orbitalFeed);
    expect(comets.foundIn).toContain('http://orbitalnotes.test/atom.xml');
    expect(comets.foundIn).toContain('http://orbitalnotes.test/sitemap-posts.xml');
    expect(trap('tracking-params').foundIn).toEqual([orbitalFeed]);
    expect(trap('www-host').foundIn).toEqual(['http://forum.test/posts.rss']);
    expect(trap('robots').foundIn).toEqual(['http://bytesmith.test/atom.xml', 'http://bytesmith.test/feed.xml']);
  });
});

describe('feeds', () => {
  const siteFeeds = ['orbitalnotes', 'greenledger', 'bytesmith', 'dailyparallax'].flatMap((s) => [`http://${s}.test/feed.xml`, `http://${s}.test/atom.xml`]);

  it('publishes RSS 2.0 and Atom that rss-parser reads, with title, link, guid, date, author and summary', async () => {
    const known = new Set(web.manifest.urls.map((e) => e.url));
    for (const url of [...siteFeeds, ...['space', 'climate', 'software'].map((t) => `http://dailyparallax.test/section/${t}/feed.xml`)]) {
      const answer = await get(web.port, url);
      const feed = await rss.parseString(answer.text);
      expect(feed.items.length, url).toBeGreaterThan(0);
      for (const item of feed.items) {
        expect(item.title, url).toBeTruthy();
        expect(item.guid ?? item.id, url).toBeTruthy();
        expect(Date.parse(item.isoDate ?? ''), url).not.toBeNaN();
        expect(item.creator ?? item.author, url).toBeTruthy();
        expect(item.contentSnippet ?? item.summary ?? item.content, url).toBeTruthy();
        expect(known.has(item.link!), `${url} links ${item.link}`).toBe(true);
      }
      const dates = feed.items.map((i) => Date.parse(i.isoDate!));
      expect(dates, url).toEqual([...dates].sort((a, b) => b - a));
    }
  });

  it('lists one article with tracking parameters in RSS and without in Atom', async () => {
    const t = trap('tracking-params');
    expect(t.url).toBe(`${t.duplicateOf}?utm_source=rss&utm_medium=feed`);
    const rssLinks = (await rss.parseString((await get(web.port, 'http://orbitalnotes.test/feed.xml')).text)).items.map((i) => i.link);
    const atomLinks = (await rss.parseString((await get(web.port, 'http://orbitalnotes.test/atom.xml')).text)).items.map((i) => i.link);
    expect(rssLinks).toContain(t.url);
    expect(rssLinks).not.toContain(t.duplicateOf);
    expect(atomLinks).toContain(t.duplicateOf);
    expect(atomLinks).not.toContain(t.url);
    expect((await get(web.port, t.url)).text).toBe((await get(web.port, t.duplicateOf!)).text);
  });

  it('publishes a JSON Feed 1.1 on the magazine', async () => {
    const answer = await get(web.port, 'http://dailyparallax.test/feed.json');
    expect(answer.headers['content-type']).toMatch(/^application\/feed\+json/);
    const feed = JSON.parse(answer.text);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe('http://dailyparallax.test/feed.json');
    expect(feed.items.length).toBe(4); // two articles, the syndicated copy and the login wall
    for (const item of feed.items) {
      expect(item).toMatchObject({ id: expect.any(String), url: expect.stringMatching(/^http:\/\/dailyparallax\.test\//), title: expect.any(String), summary: expect.any(String) });
      expect(Date.parse(item.date_published)).not.toBeNaN();
      expect(item.authors[0].name).toBeTruthy();
    }
  });

  it('splits the magazine feed by section', async () => {
    const space = await rss.parseString((await get(web.port, 'http://dailyparallax.test/section/space/feed.xml')).text);
    expect(space.items.map((i) => i.link).sort()).toEqual([trap('syndicated').url, 'http://dailyparallax.test/section/space/a-guide-to-the-winter-sky'].sort());
    const climate = await rss.parseString((await get(web.port, 'http://dailyparallax.test/section/climate/feed.xml')).text);
    expect(climate.items.map((i) => i.link)).toEqual([trap('login-wall').url]);
  });

  it('advertises its feeds on every home page (autodiscovery)', async () => {
    for (const site of ['orbitalnotes', 'greenledger', 'bytesmith', 'dailyparallax']) {
      const { document } = parseHTML((await get(web.port, `http://${site}.test/`)).text);
      const links = [...document.querySelectorAll('link[rel="alternate"]')].map((l) => `${l.getAttribute('type')} ${l.getAttribute('href')}`);
      expect(links).toContain(`application/rss+xml http://${site}.test/feed.xml`);
      expect(links).toContain(`application/atom+xml http://${site}.test/atom.xml`);
      const listed = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
      for (const article of web.manifest.articles.filter((a) => a.site === site)) expect(listed).toContain(new URL(article.url).pathname);
    }
    const section = parseHTML((await get(web.port, 'http://dailyparallax.test/section/space/')).text).document;
    expect(section.querySelector('link[href="http://dailyparallax.test/section/space/feed.xml"]')).not.toBeNull();
  });
});

describe('sitemaps and robots', () => {
  it('has a sitemap index pointing to a posts sitemap with lastmod for every listed page', async () => {
    for (const site of ['orbitalnotes', 'greenledger', 'bytesmith', 'dailyparallax']) {
      const index = (await get(web.port, `http://${site}.test/sitemap.xml`)).text;
      expect(index).toContain('<sitemapindex');
      expect(index).toMatch(/<lastmod>[^<]+<\/lastmod>/);
      const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual([`http://${site}.test/sitemap-posts.xml`]);
      const posts = (await get(web.port, locs[0]!)).text;
      const urls = [...posts.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)];
      for (const article of web.manifest.articles.filter((a) => a.site === site)) expect(urls.map((u) => u[1])).toContain(article.url);
      for (const [, loc, lastmod] of urls) {
        expect(Date.parse(lastmod)).not.toBeNaN();
        expect((await get(web.port, loc)).status).toBe(200);
      }
    }
  });

  it('disallows /drafts/ on bytesmith only, and nothing a crawler should publish', async () => {
    const drafts = trap('robots').url;
    const robotsFor = async (host: string) => robotsParser(`http://${host}/robots.txt`, (await get(web.port, `http://${host}/robots.txt`)).text);
    const bytesmith = await robotsFor('bytesmith.test');
    expect(bytesmith.isAllowed(drafts, 'GleanerBot/0.1')).toBe(false);
    expect((await get(web.port, drafts)).status).toBe(200); // served all the same: only politeness keeps it out
    for (const a of web.manifest.articles) expect((await robotsFor(new URL(a.url).host)).isAllowed(a.url, 'GleanerBot/0.1'), a.url).toBe(true);
  });
});

describe('conditional requests', () => {
  const url = 'http://orbitalnotes.test/feed.xml';

  it('answers 304 to a matching If-None-Match, also in a list or weak', async () => {
    const first = await get(web.port, url);
    const etag = first.headers.etag!;
    for (const inm of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const again = await get(web.port, url, { 'if-none-match': inm });
      expect(again.status, inm).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get(web.port, url, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, unless If-None-Match disagrees', async () => {
    const first = await get(web.port, url);
    const lastModified = first.headers['last-modified']!;
    expect((await get(web.port, url, { 'if-modified-since': lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get(web.port, url, { 'if-modified-since': earlier })).status).toBe(200);
    expect((await get(web.port, url, { 'if-modified-since': lastModified, 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('sends validators on article pages and images too', async () => {
    const article = web.manifest.articles[0];
    const page = await get(web.port, article.url);
    expect((await get(web.port, article.url, { 'if-none-match': page.headers.etag! })).status).toBe(304);
    const image = await get(web.port, article.image);
    expect(image.status).toBe(200);
    expect((await get(web.port, article.image, { 'if-none-match': image.headers.etag! })).status).toBe(304);
  });

  it('answers HEAD with headers and no body', async () => {
    const head = await get(web.port, url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });
});

describe('article pages', () => {
  const page = async (url: string) => parseHTML((await get(web.port, url)).text).document;
  const bySite = (site: string) => web.manifest.articles.find((a) => a.site === site)!;

  it('varies the markup between sites', async () => {
    const green = await page(bySite('greenledger').url);
    expect(green.querySelector('article .article-body')).not.toBeNull();
    const ld = JSON.parse(green.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: bySite('greenledger').title, author: [{ name: bySite('greenledger').author }] });

    const orbital = await page(bySite('orbitalnotes').url);
    expect(orbital.querySelector('article')).toBeNull();
    expect(orbital.querySelector('div.post-content')).not.toBeNull();
    expect(orbital.querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe(bySite('orbitalnotes').title);
    expect(orbital.querySelector('meta[property="article:published_time"]')!.getAttribute('content')).toBe(bySite('orbitalnotes').published);

    const bytes = await page(bySite('bytesmith').url);
    expect(bytes.querySelector('span.author')!.textContent).toBe(bySite('bytesmith').author);
    expect(bytes.querySelector('.post-meta time')!.getAttribute('datetime')).toBe(bySite('bytesmith').published);

    const parallax = await page(bySite('dailyparallax').url);
    expect(parallax.querySelector('meta[name="twitter:card"]')!.getAttribute('content')).toBe('summary_large_image');
    expect(parallax.querySelector('meta[name="author"]')!.getAttribute('content')).toBe(bySite('dailyparallax').author);
  });

  it('gives every article a lead image in og:image and in the page, rendered at 1200×630', async () => {
    for (const a of web.manifest.articles) {
      const doc = await page(a.url);
      expect(doc.querySelector('meta[property="og:image"]')!.getAttribute('content'), a.url).toBe(a.image);
      expect(doc.querySelector(`img[src="${new URL(a.image).pathname}"]`), a.url).not.toBeNull();
      const image = await get(web.port, a.image);
      expect(image.headers['content-type']).toBe(a.image.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
      const sharp = (await import('sharp')).default;
      const meta = await sharp(image.body).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    }
  });

  it('surrounds the text with boilerplate: navigation, cookie banner, comments, related, newsletter, footer', async () => {
    for (const site of ['orbitalnotes', 'greenledger', 'bytesmith', 'dailyparallax']) {
      const html = (await get(web.port, bySite(site).url)).text;
      expect(html, site).toMatch(/cookies/i);
      expect(html, site).toMatch(/<nav|class="dp-nav"/);
      expect(html, site).toMatch(/[Ss]ubscribe|Sign up/);
      expect(html, site).toMatch(/Advertisement/);
      const doc = parseHTML(html).document;
      expect(doc.querySelectorAll('a[href]').length, site).toBeGreaterThan(40);
      expect(doc.querySelectorAll('[id^="comment-"]').length, site).toBeGreaterThanOrEqual(3);
    }
  });

  it('serves the www host byte for byte, with a canonical link to the bare host', async () => {
    const t = trap('www-host');
    const www = await get(web.port, t.url);
    const bare = await get(web.port, t.duplicateOf!);
    expect(www.text).toBe(bare.text);
    expect(parseHTML(www.text).document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(t.duplicateOf);
  });

  it('redirects a path without its trailing slash', async () => {
    const a = bySite('orbitalnotes');
    const answer = await get(web.port, a.url.replace(/\/$/, ''));
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(new URL(a.url).pathname);
  });

  it('answers unknown paths with a plain 404 page and unknown hosts with 421', async () => {
    const missing = await get(web.port, 'http://greenledger.test/no/such/page?x=<b>');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('/no/such/page');
    expect(missing.headers.etag).toBeUndefined();
    expect((await get(web.port, 'http://elsewhere.test/')).status).toBe(421);
  });
});

describe('traps', () => {
  const text = async (url: string, selector: string) => parseHTML((await get(web.port, url)).text).document.querySelector(selector)!.textContent!;

  it('republishes an Orbital Notes article on the magazine as a near-duplicate', async () => {
    const t = trap('syndicated');
    const original = web.manifest.articles.find((a) => a.url === t.duplicateOf)!;
    expect(original.site).toBe('orbitalnotes');
    expect(new URL(t.url).host).toBe('dailyparallax.test');
    const copyBody = await text(t.url, '.dp-body');
    const originalBody = await text(original.url, '.post-content');
    expect(copyBody).toContain('This article first appeared on Orbital Notes.');
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(norm(copyBody)).toContain(norm(originalBody).slice(0, 400));
    expect(norm(copyBody)).not.toBe(norm(originalBody));
    const copyTitle = await text(t.url, 'h1');
    expect(copyTitle).not.toBe(original.title);
    expect(copyTitle).toContain(original.title);
  });

  it('lists a page with under 120 words of article text', async () => {
    const t = trap('too-short');
    expect(words(await text(t.url, '.article-body'))).toBeLessThan(120);
    expect(t.foundIn).toContain('http://greenledger.test/feed.xml');
  });

  it('puts a teaser behind a login wall', async () => {
    const html = (await get(web.port, trap('login-wall').url)).text;
    expect(html).toContain('Subscribe to continue reading');
    expect(html).toContain('Sign in to read the full story');
    expect(words(parseHTML(html).document.querySelector('.dp-body')!.textContent!)).toBeLessThan(200);
  });

  it('lists a URL that does not exist', async () => {
    const t = trap('not-found');
    expect(t.foundIn).toContain('http://greenledger.test/feed.xml');
    expect((await get(web.port, t.url)).status).toBe(404);
  });

  it('links one article through /go/<slug>, which answers 301 to the article', async () => {
    const t = trap('redirect');
    expect(new URL(t.url).pathname).toMatch(/^\/go\//);
    const first = await get(web.port, t.url);
    expect(first.status).toBe(301);
    expect(first.headers.location).toBe(t.finalUrl);
    expect((await get(web.port, t.finalUrl!)).status).toBe(200);
    expect(web.manifest.articles.map((a) => a.url)).toContain(t.finalUrl);
    // Feeds give only the /go/ link for it.
    const feed = (await get(web.port, 'http://bytesmith.test/feed.xml')).text;
    expect(feed).toContain(`<link>${t.url}</link>`);
    expect(feed).not.toContain(`<link>${t.finalUrl}</link>`);
  });

  it('serves a small valid PDF as application/pdf from a feed item', async () => {
    const t = trap('not-html');
    const answer = await get(web.port, t.url);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = answer.body.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(3);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });
});
