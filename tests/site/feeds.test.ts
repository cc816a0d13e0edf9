import Parser from 'rss-parser';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Document, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { atomFeed, jsonFeed, rssFeed, type FeedItem, type FeedMeta } from '../../site/outputs/feeds.ts';
import { cdata, escapeXml, escapeXmlText } from '../../site/outputs/xml.ts';
import { rfc3339, rfc822 } from '../../site/model/dates.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../e2e/helpers/feed-format.ts';

const meta: FeedMeta = {
  title: 'News & Views',
  description: 'Things <worth> reading',
  language: 'en',
  homeUrl: 'https://news.example.com/',
  feedUrls: { rss: 'https://news.example.com/rss.xml', atom: 'https://news.example.com/atom.xml', json: 'https://news.example.com/feed.json' },
  author: { name: 'Editor', uri: 'https://news.example.com/' },
  icon: 'https://news.example.com/icons/icon-512.png',
  updated: '2024-03-05T10:00:00Z',
};

const items: FeedItem[] = [
  {
    url: 'https://news.example.com/science/b/',
    title: 'Second: "quotes" & <tags>',
    summary: "Summary with ]]> inside, Tom & Jerry's <b>",
    contentHtml: '<p>Body with <a href="https://news.example.com/x/">a link</a> and ]]> trap\u0001.</p>',
    published: '2024-03-05T10:00:00Z',
    updated: '2024-03-05T12:30:00Z',
    authors: ['Ada'],
    tags: ['Space', 'C++'],
    image: { url: 'https://news.example.com/media/b-1024.webp', type: 'image/webp', width: 1024, height: 576 },
    sourceUrl: 'https://source.example.org/b',
    source: { name: "The Daily Parallax & Co's", url: 'https://source.example.org/', feedUrl: 'https://source.example.org/feed.xml' },
    language: 'en',
  },
  {
    url: 'https://news.example.com/science/a/',
    title: 'First',
    summary: '',
    contentHtml: null,
    published: '2024-03-04T09:00:00Z',
    updated: '2024-03-04T09:00:00Z',
    authors: [],
    tags: [],
    image: null,
    sourceUrl: 'https://source.example.org/a',
    source: { name: 'Bytesmith', url: 'https://bytesmith.example/', feedUrl: null },
  },
];

const parser = new Parser({ customFields: { item: ['content:encoded'] } });

/** The feed parsed as XML by a real parser. */
function xmlOf(text: string): Document {
  return parseDocument(text, { xmlMode: true });
}

function all(node: { children: ChildNode[] }, name: string): Element[] {
  return DomUtils.getElementsByTagName(name, node.children, true);
}

/**
 * No CDATA section (a reader showed the "&apos;" inside one literally), and the HTML a parser reads
 * out of the escaped text is escaped once: no "&apos;" (not HTML 4), no "&amp;quot;" twice over.
 */
function expectNoCdata(xml: string, htmlElements: string[]): void {
  expect(xml).not.toContain('<![CDATA[');
  expect(xml).not.toContain('&apos;');
  const doc = xmlOf(xml);
  expect(all(doc, 'description').length + all(doc, 'summary').length).toBeGreaterThan(0);
  for (const name of htmlElements) {
    for (const el of all(doc, name)) {
      expect(el.children.every((c) => c.type === 'text')).toBe(true);
      const html = DomUtils.textContent(el);
      expect(html).not.toContain('&apos;');
      expect(html).not.toMatch(/&amp;(?:[a-z]+|#\d+|#x[0-9a-f]+);/i);
    }
  }
}

describe('xml helpers', () => {
  it('escapes markup and drops characters XML 1.0 forbids', () => {
    expect(escapeXml('a & b < c > "d" \'e\'\u0000\u000b')).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;');
  });
  it('escapes element text without touching quotes', () => {
    expect(escapeXmlText(`Tom & Jerry's "x" <y> ]]>`)).toBe(`Tom &amp; Jerry's "x" &lt;y&gt; ]]&gt;`);
  });
  it('splits "]]>" across CDATA sections', () => {
    expect(cdata('x ]]> y')).toBe('<![CDATA[x ]]]]><![CDATA[> y]]>');
  });
  it('formats RFC 822 and RFC 3339 dates', () => {
    expect(rfc822('2024-03-05T06:21:00Z')).toBe('Tue, 05 Mar 2024 06:21:00 GMT');
    expect(rfc3339('2024-03-05T06:21:00.000Z')).toBe('2024-03-05T06:21:00Z');
  });
  it('writes RFC 3339 as Date would, for UTC instants read as text and everything else', () => {
    // rfc3339 reads a UTC instant in toISOString's form as text; each of these must come out as
    // parsing and formatting it gives (or throw as that does): impossible days, hour 24, a leap
    // second, other offsets, dates only, and random times with and without milliseconds.
    const theLongWay = (iso: string) => new Date(iso).toISOString().replace(/\.000Z$/, 'Z');
    const outcome = (f: (iso: string) => string, iso: string) => {
      try {
        return f(iso);
      } catch (error) {
        return `throws ${(error as Error).name}`;
      }
    };
    const cases = ['2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2000-02-29T12:00:00.120Z', '2026-04-31T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T23:59:60Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '0000-01-01T00:00:00.000Z', '2026-01-01T00:00:00.5Z', '2026-01-01T00:00:00+01:00', '2026-01-01', '2026-1a-01T00:00:00.000Z', 'twenty-four characters Z'];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const two = (n: number) => String(random(n)).padStart(2, '0');
    for (let i = 0; i < 5000; i++) {
      const iso = new Date(random(2 ** 31) * 1000 + random(1000)).toISOString();
      cases.push(iso, `${iso.slice(0, 19)}Z`, `${String(random(10000)).padStart(4, '0')}-${two(14)}-${two(33)}T${two(26)}:${two(61)}:${two(61)}${random(2) ? `.${String(random(1000)).padStart(3, '0')}` : ''}Z`);
    }
    for (const iso of cases) expect(outcome(rfc3339, iso), iso).toBe(outcome(theLongWay, iso));
  });
});

describe('rssFeed', () => {
  it('parses as RSS 2.0 with stable GUIDs, RFC 822 dates and the full content intact', async () => {
    const xml = rssFeed(meta, items);
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('News & Views');
    expect(feed.items).toHaveLength(2);
    const [b, a] = feed.items;
    expect(b.title).toBe('Second: "quotes" & <tags>');
    expect(b.guid).toBe('https://news.example.com/science/b/');
    expect(b.link).toBe('https://news.example.com/science/b/');
    expect(b.pubDate).toBe('Tue, 05 Mar 2024 10:00:00 GMT');
    expect(b['content:encoded']).toBe('<p>Body with <a href="https://news.example.com/x/">a link</a> and ]]> trap.</p>');
    expect(b.categories).toEqual(['Space', 'C++']);
    expect(a.guid).toBe('https://news.example.com/science/a/');
    expect(xml).toContain('<atom:link href="https://news.example.com/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<lastBuildDate>Tue, 05 Mar 2024 10:00:00 GMT</lastBuildDate>');
  });

  it('carries HTML as escaped text, never in CDATA, and credits each item to its source by name', () => {
    const xml = rssFeed(meta, items);
    expectNoCdata(xml, ['description', 'content:encoded']);
    const doc = xmlOf(xml);
    const [b, a] = all(doc, 'item');
    // The description is HTML: the summary's text escaped as HTML, then as XML.
    expect(DomUtils.textContent(all(b!, 'description')[0]!)).toBe("Summary with ]]> inside, Tom & Jerry's <b>".replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(DomUtils.textContent(all(b!, 'content:encoded')[0]!)).toContain('<a href="https://news.example.com/x/">a link</a>');
    const sources = [b!, a!].map((item) => all(item, 'source')[0]!);
    expect(sources.map((s) => [DomUtils.textContent(s), s.attribs.url])).toEqual([
      ["The Daily Parallax & Co's", 'https://source.example.org/feed.xml'],
      ['Bytesmith', 'https://bytesmith.example/'],
    ]);
  });
});

describe('atomFeed', () => {
  it('parses as Atom 1.0 with ids, RFC 3339 dates and a self link', async () => {
    const xml = atomFeed(meta, items);
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('News & Views');
    expect(feed.items.map((i) => (i as { id?: string }).id)).toEqual(['https://news.example.com/science/b/', 'https://news.example.com/science/a/']);
    expect(feed.items[0].title).toBe('Second: "quotes" & <tags>');
    expect(feed.items[0].content).toContain('and ]]> trap');
    expect(xml).toContain('<updated>2024-03-05T12:30:00Z</updated>');
    expect(xml).toContain('<published>2024-03-05T10:00:00Z</published>');
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://news.example.com/atom.xml"/>');
    // Feed-level author covers entries without one, as Atom requires.
    expect(xml).toMatch(/<feed[^>]*>[\s\S]*<author><name>Editor<\/name><uri>https:\/\/news.example.com\/<\/uri><\/author>[\s\S]*<entry>/);
  });

  it('carries HTML as escaped text and gives each entry a <source> with its title, link and id', () => {
    const xml = atomFeed(meta, items);
    expectNoCdata(xml, ['content', 'summary']);
    const [b, a] = all(xmlOf(xml), 'entry');
    const source = all(b!, 'source')[0]!;
    expect(DomUtils.textContent(all(source, 'title')[0]!)).toBe("The Daily Parallax & Co's");
    expect(DomUtils.textContent(all(source, 'id')[0]!)).toBe('https://source.example.org/feed.xml');
    expect(all(source, 'link').map((l) => [l.attribs.rel, l.attribs.href])).toEqual([
      ['self', 'https://source.example.org/feed.xml'],
      ['alternate', 'https://source.example.org/'],
    ]);
    const other = all(a!, 'source')[0]!;
    expect(DomUtils.textContent(all(other, 'title')[0]!)).toBe('Bytesmith');
    expect(DomUtils.textContent(all(other, 'id')[0]!)).toBe('https://bytesmith.example/');
  });
});

describe('jsonFeed', () => {
  it('is JSON Feed 1.1 with content on every item', () => {
    const feed = JSON.parse(jsonFeed(meta, items));
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe('https://news.example.com/feed.json');
    expect(feed.items[0]).toMatchObject({ id: 'https://news.example.com/science/b/', external_url: 'https://source.example.org/b', date_published: '2024-03-05T10:00:00Z', date_modified: '2024-03-05T12:30:00Z', tags: ['Space', 'C++'], authors: [{ name: 'Ada' }] });
    expect(feed.items[0].content_html).toContain('a link');
    expect(feed.items[1].content_text).toBe('First');
    expect(feed.items[1].date_modified).toBeUndefined();
    expect(feed.authors).toEqual([{ name: 'Editor', url: 'https://news.example.com/' }]);
    expect(feed.items.map((i: { _gleaner: unknown }) => i._gleaner)).toEqual([
      { source: { name: "The Daily Parallax & Co's", url: 'https://source.example.org/', feed_url: 'https://source.example.org/feed.xml' } },
      { source: { name: 'Bytesmith', url: 'https://bytesmith.example/' } },
    ]);
  });
});

describe('a WebSub hub', () => {
  const HUB = 'https://hub.example.net/';
  const withHub: FeedMeta = { ...meta, hub: HUB };

  it('is declared beside the self link in every format, and the feeds still validate', async () => {
    const rss = rssFeed(withHub, items);
    expect(rss).toContain(`<atom:link href="${HUB}" rel="hub"/>`);
    expect(checkRss(rss).problems).toEqual([]);
    expect((await parser.parseString(rss)).items).toHaveLength(2);
    const atom = atomFeed(withHub, items);
    expect(atom).toContain(`<link rel="hub" href="${HUB}"/>`);
    expect(checkAtom(atom).problems).toEqual([]);
    expect((await parser.parseString(atom)).items).toHaveLength(2);
    const json = jsonFeed(withHub, items);
    expect(JSON.parse(json).hubs).toEqual([{ type: 'WebSub', url: HUB }]);
    expect(checkJsonFeed(json).problems).toEqual([]);
  });

  it('a feed without a self link, or with a relative hub, fails the check', () => {
    expect(checkRss(rssFeed(withHub, items).replace(/<atom:link [^>]*rel="self"[^>]*\/>/, '')).problems).toEqual(['a hub link but 0 self links']);
    expect(checkAtom(atomFeed({ ...meta, hub: '/hub' }, items)).problems).toEqual(['hub link is not absolute: /hub']);
    expect(checkJsonFeed(jsonFeed({ ...meta, hub: '/hub' }, items)).problems).toEqual(['hub link is not absolute: /hub']);
  });

  it('is named nowhere when none is set', () => {
    for (const text of [rssFeed(meta, items), atomFeed(meta, items), jsonFeed(meta, items)]) expect(text).not.toMatch(/hub/);
  });
});
