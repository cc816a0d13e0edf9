import { gzipSync } from 'node:zlib';
import { articleHtml, esc } from '../article.ts';
import { at, host, INTRANET_NAME, requestsTo, strayRequests } from '../hosts.ts';
import { html, send } from '../http.ts';
import type { HostileRoute, HttpHandler, Probe } from '../types.ts';

// Sources that attack discovery: feeds that do not parse, expand entities, list a hundred
// thousand items or link in circles, sitemaps that include themselves or nest without end, and
// item links that point at anything but a public web page.

const F = 'feeds';
const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

const rss = (items: string, title = 'Hostile feed') => `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${title}</title><link>http://${host(F)}/</link><description>x</description>\n${items}\n</channel></rss>\n`;
const item = (link: string, title = 'Item') => `<item><title>${esc(title)}</title><link>${esc(link)}</link></item>`;

const BIG_FEED_ITEMS = 100_000;
let bigFeed: Buffer | null = null;
/** 100,000 items (8.7 MB of XML, ~100 KB gzipped), every one linking back to the feed itself. */
function buildBigFeed(): Buffer {
  bigFeed ??= gzipSync(rss(Array.from({ length: BIG_FEED_ITEMS }, (_, i) => item(`http://${host(F)}/items-100k.xml#item-${i}`, `Item ${i}`)).join('\n'), 'Hundred thousand'));
  return bigFeed;
}
function bigFeedHandler(): HttpHandler {
  return (_req, res) => {
    const bigFeed = buildBigFeed();
    res.writeHead(200, { 'content-type': RSS, 'content-encoding': 'gzip', 'content-length': bigFeed.length });
    res.end(bigFeed);
  };
}

const LAUGHS = `<!DOCTYPE rss [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>`;

const XXE = `<!DOCTYPE rss [
 <!ENTITY passwd SYSTEM "file:///etc/passwd">
 <!ENTITY meta SYSTEM "http://169.254.169.254/latest/meta-data/">
 <!ENTITY % remote SYSTEM "http://${host(F)}/evil.dtd"> %remote;
]>`;

const HOSTILE_LINKS = [
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ftp://files.hostile.test/secret',
  'mailto:victim@hostile.test',
  'http://user:hunter2@feeds.hostile.test/with-credentials',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:22/',
  'http://[::1]/',
  'http://localhost/admin',
  'http://0x7f000001/',
  'http://2130706433/',
  `http://${INTRANET_NAME}/wiki`,
  `http://feeds.hostile.test/${'a'.repeat(100_000)}`,
  'http:///no-host',
  'gopher://hostile.test:70/',
];

function noSuchUrl(pattern: RegExp, what: string) {
  return (probe: Probe): string[] => {
    const rows = probe.db.all<{ url: string }>('SELECT url FROM urls').filter((r) => pattern.test(r.url));
    return rows.length ? [`${what} reached the URL table: ${rows.map((r) => r.url.slice(0, 80)).join(', ')}`] : [];
  };
}

function noSuchHost(pattern: RegExp, what: string) {
  return (probe: Probe): string[] => {
    const rows = probe.db.all<{ url: string }>('SELECT url FROM urls').filter((r) => pattern.test(URL.parse(r.url)?.hostname ?? ''));
    return rows.length ? [`${what} reached the URL table: ${rows.map((r) => r.url.slice(0, 80)).join(', ')}`] : [];
  };
}

function sourceItems(url: string, probe: Probe): number {
  return Number(probe.db.scalar('SELECT items_seen FROM sources WHERE url = ?', [url]) ?? -1);
}

function fetchedAtMost(probe: Probe, hostname: string, path: string, times: number): string[] {
  const n = requestsTo(probe, hostname, path).length;
  return n > times ? [`${path} was requested ${n} times (at most ${times} expected)`] : [];
}

export const feedRoutes: HostileRoute[] = [
  {
    id: 'malformed-rss',
    attack: 'RSS with unclosed tags and a stray ampersand',
    kind: 'feed',
    url: at(F, '/broken.xml'),
    resources: [{ host: host(F), path: '/broken.xml', http: send(200, { 'content-type': RSS }, '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken & bad</title><item><link>http://feeds.hostile.test/x</link><item></channel>') }],
    expect: { outcome: 'source-failed', detail: /E_FEED_PARSE/ },
  },
  {
    id: 'truncated-atom',
    attack: 'an Atom feed cut off mid-entry',
    kind: 'feed',
    url: at(F, '/truncated.xml'),
    resources: [
      {
        host: host(F),
        path: '/truncated.xml',
        http: send(200, { 'content-type': 'application/atom+xml' }, '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>One</title><link href="http://feeds.hostile.test/one"/></entry><entry><title>Tw'),
      },
    ],
    expect: { outcome: 'source-failed', detail: /E_FEED_PARSE/ },
  },
  {
    id: 'entity-expansion',
    attack: 'billion-laughs entities in the title and an item link',
    kind: 'feed',
    url: at(F, '/laughs.xml'),
    resources: [{ host: host(F), path: '/laughs.xml', http: send(200, { 'content-type': RSS }, `<?xml version="1.0"?>\n${LAUGHS}\n<rss version="2.0"><channel><title>&lol9;</title>${item('http://feeds.hostile.test/&lol9;', '&lol9;')}</channel></rss>`) }],
    expect: { outcome: 'source-failed', detail: /E_FEED_PARSE/ },
    verify: noSuchUrl(/lollollollol/, 'an expanded entity'),
  },
  {
    id: 'external-entities',
    attack: 'XXE: entities naming file:///etc/passwd, the metadata address and a remote DTD',
    kind: 'feed',
    url: at(F, '/xxe.xml'),
    resources: [
      { host: host(F), path: '/xxe.xml', http: send(200, { 'content-type': RSS }, `<?xml version="1.0"?>\n${XXE}\n<rss version="2.0"><channel><title>&passwd;</title>${item('http://feeds.hostile.test/xxe-item', '&meta;')}</channel></rss>`) },
      { host: host(F), path: '/evil.dtd', http: send(200, { 'content-type': 'application/xml-dtd' }, '<!ENTITY leak SYSTEM "file:///etc/shadow">') },
    ],
    expect: { outcome: 'source-failed', detail: /E_FEED_PARSE/ },
    verify: (probe) => [
      ...(JSON.stringify(probe.db.all('SELECT * FROM sources')).includes('root:') ? ['/etc/passwd leaked into the sources table'] : []),
      ...(requestsTo(probe, host(F), '/evil.dtd').length ? ['the external DTD was fetched'] : []),
      ...strayRequests(probe).map((r) => `a request reached ${r.host}${r.path}`),
    ],
  },
  {
    id: 'feed-100k-items',
    attack: '100,000 items (8.7 MB once gunzipped)',
    kind: 'feed',
    url: at(F, '/items-100k.xml'),
    resources: [{ host: host(F), path: '/items-100k.xml', http: bigFeedHandler() }],
    prepare: buildBigFeed,
    expect: { outcome: 'source-read' },
    verify: (probe) => {
      const seen = sourceItems(at(F, '/items-100k.xml'), probe);
      const cap = probe.config.crawl.maxItemsPerFeed;
      return seen === cap ? [] : [`the source took ${seen} items; crawl.maxItemsPerFeed is ${cap}`];
    },
  },
  {
    id: 'json-feed-deep',
    attack: 'a JSON Feed whose items are arrays nested 200,000 deep',
    kind: 'feed',
    url: at(F, '/deep.json'),
    resources: [{ host: host(F), path: '/deep.json', http: send(200, { 'content-type': 'application/feed+json' }, `{"version":"https://jsonfeed.org/version/1.1","title":"Deep","items":${'['.repeat(200_000)}${']'.repeat(200_000)}}`) }],
    expect: { outcome: 'source-read' },
    verify: (probe) => (sourceItems(at(F, '/deep.json'), probe) === 0 ? [] : ['items were taken from nested arrays']),
  },
  {
    id: 'hostile-item-links',
    attack: 'items linking to javascript:, data:, file:, credentials, metadata, loopback and a 100 KB URL',
    kind: 'feed',
    url: at(F, '/evil-links.xml'),
    resources: [{ host: host(F), path: '/evil-links.xml', http: send(200, { 'content-type': RSS }, rss(HOSTILE_LINKS.map((l, i) => item(l, `Evil ${i} <script>alert(1)</script>`)).join('\n'))) }],
    expect: { outcome: 'source-read' },
    verify: (probe) => {
      const problems = [
        ...noSuchUrl(/^(?!https?:)/, 'a non-http link')(probe),
        ...noSuchHost(/^(169\.254\.|127\.|\[::1\]$|localhost$|0x7f|2130706433)/, 'a link to the local network')(probe),
        ...noSuchUrl(/hunter2/, 'a link with credentials')(probe),
        ...noSuchUrl(/a{10000}/, 'the 100 KB link')(probe),
        ...strayRequests(probe).map((r) => `a request reached ${r.host}${r.path}`),
      ];
      const intranet = probe.urlRow(`http://${INTRANET_NAME}/wiki`);
      if (intranet && !(intranet.state === 'failed' && intranet.error_code === 'E_BLOCKED_ADDRESS')) problems.push(`the link to ${INTRANET_NAME} ended ${intranet.state} ${intranet.error_code ?? ''}`);
      return problems;
    },
  },
  {
    id: 'feed-loop',
    attack: 'a site whose feed lists itself, the site and a second feed, which lists the first',
    kind: 'site',
    url: at('loop', '/'),
    resources: [
      { host: host('loop'), path: '/', http: html(`<!doctype html><html><head><title>Loop</title><link rel="alternate" type="application/rss+xml" href="/feed-a.xml"></head><body><p>Home</p></body></html>`) },
      { host: host('loop'), path: '/feed-a.xml', http: send(200, { 'content-type': RSS }, rss([at('loop', '/feed-a.xml'), at('loop', '/feed-b.xml'), at('loop', '/'), at('loop', '/story')].map((l) => item(l)).join('\n'))) },
      { host: host('loop'), path: '/feed-b.xml', http: send(200, { 'content-type': RSS }, rss([at('loop', '/feed-a.xml'), at('loop', '/feed-b.xml'), at('loop', '/story')].map((l) => item(l)).join('\n'))) },
      { host: host('loop'), path: '/story', http: html(articleHtml({ seed: 401, head: '<link rel="alternate" type="application/rss+xml" href="/feed-b.xml"><link rel="alternate" type="application/rss+xml" href="/feed-a.xml">' })) },
    ],
    expect: { outcome: 'source-read' },
    verify: (probe) => {
      const story = probe.urlRow(at('loop', '/story'));
      return [
        ...(story?.state === 'published' ? [] : [`/story ended ${story?.state ?? 'unqueued'}, not published`]),
        ...['/', '/feed-a.xml', '/feed-b.xml', '/story'].flatMap((p) => fetchedAtMost(probe, host('loop'), p, 2)),
      ];
    },
  },
  {
    id: 'sitemap-includes-itself',
    attack: 'a sitemap index listing itself and a child index that lists it back',
    kind: 'sitemap',
    url: at('maps', '/sitemap-index.xml'),
    resources: [
      {
        host: host('maps'),
        path: '/sitemap-index.xml',
        http: send(200, { 'content-type': XML }, sitemapIndex([at('maps', '/sitemap-index.xml'), at('maps', '/sitemap-b.xml'), at('maps', '/sitemap-pages.xml')])),
      },
      { host: host('maps'), path: '/sitemap-b.xml', http: send(200, { 'content-type': XML }, sitemapIndex([at('maps', '/sitemap-index.xml'), at('maps', '/sitemap-b.xml')])) },
      { host: host('maps'), path: '/sitemap-pages.xml', http: send(200, { 'content-type': XML }, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${at('maps', '/mapped-article')}</loc></url></urlset>`) },
      { host: host('maps'), path: '/mapped-article', http: html(articleHtml({ seed: 402 })) },
    ],
    expect: { outcome: 'source-read' },
    verify: (probe) => {
      const article = probe.urlRow(at('maps', '/mapped-article'));
      return [
        ...fetchedAtMost(probe, host('maps'), '/sitemap-index.xml', 1),
        ...fetchedAtMost(probe, host('maps'), '/sitemap-b.xml', 1),
        ...(article?.state === 'published' ? [] : [`the article listed in the sitemap ended ${article?.state ?? 'unqueued'}`]),
      ];
    },
  },
  {
    id: 'sitemap-endless-nesting',
    attack: 'sitemap indexes nested 50 deep',
    kind: 'sitemap',
    url: at('maps', '/deep/0.xml'),
    resources: Array.from({ length: 50 }, (_, i) => ({ host: host('maps'), path: `/deep/${i}.xml`, http: send(200, { 'content-type': XML }, sitemapIndex([at('maps', `/deep/${i + 1}.xml`)])) })),
    expect: { outcome: 'source-read' },
    verify: (probe) => {
      const n = requestsTo(probe, host('maps')).filter((r) => r.path.startsWith('/deep/')).length;
      const most = probe.config.crawl.maxSitemapDepth + 1;
      return n > most ? [`${n} nested sitemaps were fetched; crawl.maxSitemapDepth allows ${most}`] : [];
    },
  },
];

function sitemapIndex(locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>\n`;
}
