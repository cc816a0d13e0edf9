import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { parseOpml } from '../../crawler/discover/opml.ts';
import { topicsFromOpml } from '../../scripts/new-site/opml-topics.ts';
import { opmlDocument, siteOpml } from '../../site/outputs/opml.ts';
import { buildSiteIndex } from '../../site/model/site-index.ts';

const config = parseConfig({
  site: { title: 'News & <Views>', url: 'https://news.example.com', legal: { owner: 'Rosa "R" Díaz' } },
  topics: [
    {
      slug: 'space',
      name: 'Space & Time',
      sources: ['https://a.example/feed?x=1&y=2', { kind: 'sitemap', url: 'https://b.example/sitemap.xml' }, { kind: 'opml', url: 'https://c.example/opml.xml' }],
    },
    { slug: 'climate', name: 'Climate', sources: ['https://d.example/rss', { kind: 'site', url: 'https://e.example/' }] },
    { slug: 'forum', name: 'Forum', sources: [{ kind: 'discourse', url: 'https://f.example/' }] },
  ],
});

describe('the OPML export', () => {
  it('lists every topic as a folder of its feed sources (and OPML lists as inclusions), escaped, dated by the newest article and not the clock', () => {
    const text = siteOpml(buildSiteIndex([], config));
    expect(text).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<opml version="2.0">',
        '<head>',
        '<title>News &amp; &lt;Views&gt;: sources</title>',
        '<ownerName>Rosa "R" Díaz</ownerName>',
        '<docs>https://opml.org/spec2.opml</docs>',
        '</head>',
        '<body>',
        '<outline text="Space &amp; Time" title="Space &amp; Time">',
        '  <outline type="rss" text="a.example/feed?x=1&amp;y=2" xmlUrl="https://a.example/feed?x=1&amp;y=2"/>',
        '  <outline type="include" text="c.example/opml.xml" url="https://c.example/opml.xml"/>',
        '</outline>',
        '<outline text="Climate" title="Climate">',
        '  <outline type="rss" text="d.example/rss" xmlUrl="https://d.example/rss"/>',
        '</outline>',
        '</body>',
        '</opml>',
        '',
      ].join('\n'),
    );
    expect(opmlDocument({ title: 'T', modified: '2026-03-05T10:00:00Z', ownerName: 'O' }, [])).toContain('<dateModified>Thu, 05 Mar 2026 10:00:00 GMT</dateModified>');
  });

  it("names a feed by the owner's name for it, else its own title, never its address when either is known", () => {
    const named = parseConfig({
      ...config,
      topics: [{ slug: 'space', name: 'Space', sources: [{ kind: 'feed', url: 'https://a.example/feed', name: 'Owner & Name' }, 'https://d.example/rss', 'https://g.example/atom'] }],
    });
    const health = [{ host: 'd.example', feeds: [{ url: 'https://d.example/rss', kind: 'feed', topic: 'space', origin: 'config', active: true, title: "The Daily Parallax: Space" }], lastRead: null, lastError: null, failures: 0, failingReads: 0, icon: null }];
    const text = siteOpml(buildSiteIndex([], named, health), undefined, health);
    expect(text).toContain('<outline type="rss" text="Owner &amp; Name" title="Owner &amp; Name" xmlUrl="https://a.example/feed"/>');
    expect(text).toContain('<outline type="rss" text="The Daily Parallax: Space" title="The Daily Parallax: Space" xmlUrl="https://d.example/rss"/>');
    expect(text).toContain('<outline type="rss" text="g.example/atom" xmlUrl="https://g.example/atom"/>');
  });

  it('reads back with the importer as the same topics and feed sources (round trip)', () => {
    const index = buildSiteIndex([], config);
    const topics = topicsFromOpml(siteOpml(index));
    expect(topics).toEqual({
      ok: true,
      duplicates: 0,
      topics: [
        { slug: 'space-time', name: 'Space & Time', keywords: [], sources: [{ kind: 'feed', url: 'https://a.example/feed?x=1&y=2' }] },
        { slug: 'climate', name: 'Climate', keywords: [], sources: [{ kind: 'feed', url: 'https://d.example/rss' }] },
      ],
    });
    const one = parseOpml(siteOpml(index, index.topicBySlug.get('climate')));
    expect(one.ok && [one.title, one.groups.map((g) => [g.name, g.feeds.map((f) => f.url)])]).toEqual(['Climate – News & <Views>: sources', [['Climate', ['https://d.example/rss']]]]);
  });
});
