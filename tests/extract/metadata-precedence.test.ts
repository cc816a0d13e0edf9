import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { page, PROSE, URL_BASE } from './helpers.ts';

// Each field has one chain: JSON-LD › OpenGraph › Twitter › other <meta> › <time> › visible byline.
// Every test below gives the page all the sources from some point of the chain down, with
// different values, and checks that the highest one present wins.

const jsonLd = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${value}">`;

describe('title precedence', () => {
  const sources = {
    ld: jsonLd({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Title from JSON-LD' }),
    og: meta('property', 'og:title', 'Title from OpenGraph'),
    twitter: meta('name', 'twitter:title', 'Title from Twitter'),
    meta: meta('name', 'dc.title', 'Title from Dublin Core'),
  };
  const lead = '<h1>Title from the h1</h1>';
  const titleTag = '<title>Title from the title tag | News Example</title>';

  it('prefers JSON-LD, then OpenGraph, Twitter, other metas, <h1>, <title>', () => {
    const all = [sources.ld, sources.og, sources.twitter, sources.meta, titleTag].join('');
    expect(extractPage(page({ head: all, lead }), URL_BASE).title).toBe('Title from JSON-LD');
    const noLd = [sources.og, sources.twitter, sources.meta, titleTag].join('');
    expect(extractPage(page({ head: noLd, lead }), URL_BASE).title).toBe('Title from OpenGraph');
    const noOg = [sources.twitter, sources.meta, titleTag].join('');
    expect(extractPage(page({ head: noOg, lead }), URL_BASE).title).toBe('Title from Twitter');
    expect(extractPage(page({ head: sources.meta + titleTag, lead }), URL_BASE).title).toBe('Title from Dublin Core');
    expect(extractPage(page({ head: titleTag, lead }), URL_BASE).title).toBe('Title from the h1');
    expect(extractPage(page({ head: titleTag }), URL_BASE).title).toBe('Title from the title tag');
  });

  it('strips the site name from <title> and og:title, before or after the headline', () => {
    const site = meta('property', 'og:site_name', 'News Example');
    expect(extractPage(page({ head: site + meta('property', 'og:title', 'Lock Opens | News Example') }), URL_BASE).title).toBe('Lock Opens');
    expect(extractPage(page({ head: '<title>News Example » Lock Opens</title>' }), URL_BASE).title).toBe('Lock Opens');
    // Without og:site_name the host name identifies the site ("news.example.org" → "example").
    expect(extractPage(page({ head: '<title>Lock Opens - Example</title>' }), URL_BASE).title).toBe('Lock Opens');
    // A separator inside the headline itself stays.
    expect(extractPage(page({ head: '<title>Spider-Man: Far From Home - a review | Example</title>' }), URL_BASE).title).toBe(
      'Spider-Man: Far From Home - a review',
    );
  });

  it('treats a blog-name <h1> as the site name, not the headline', () => {
    const html = page({
      head: '<title>River Notes | The new lock opens at last</title>',
      before: '<h1 class="blog-title">River Notes</h1>',
      lead: '<h2>The new lock opens at last</h2>',
    });
    expect(extractPage(html, URL_BASE).title).toBe('The new lock opens at last');
  });
});

describe('description precedence', () => {
  it('prefers JSON-LD, then OpenGraph, Twitter, meta description', () => {
    const ld = jsonLd({ '@type': 'Article', headline: 'x', description: 'LD description' });
    const og = meta('property', 'og:description', 'OG description');
    const tw = meta('name', 'twitter:description', 'Twitter description');
    const m = meta('name', 'description', 'Meta description');
    expect(extractPage(page({ head: ld + og + tw + m }), URL_BASE).description).toBe('LD description');
    expect(extractPage(page({ head: og + tw + m }), URL_BASE).description).toBe('OG description');
    expect(extractPage(page({ head: tw + m }), URL_BASE).description).toBe('Twitter description');
    expect(extractPage(page({ head: m }), URL_BASE).description).toBe('Meta description');
    expect(extractPage(page(), URL_BASE).description).toBeNull();
  });
});

describe('author precedence', () => {
  const ld = jsonLd({ '@type': 'Article', headline: 'x', author: [{ '@type': 'Person', name: 'Ada Lovelace' }, { '@type': 'Person', name: 'Charles Babbage' }] });
  const og = meta('property', 'article:author', 'Grace Hopper');
  const twitter = meta('name', 'twitter:label1', 'Written by') + meta('name', 'twitter:data1', 'Alan Turing');
  const m = meta('name', 'author', 'Katherine Johnson');
  const byline = '<p class="byline">By Margaret Hamilton</p>';

  it('prefers JSON-LD, then OpenGraph, Twitter, meta author, visible byline', () => {
    const authors = (head: string, lead = byline) => extractPage(page({ head, lead }), URL_BASE).authors;
    expect(authors(ld + og + twitter + m)).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(authors(og + twitter + m)).toEqual(['Grace Hopper']);
    expect(authors(twitter + m)).toEqual(['Alan Turing']);
    expect(authors(m)).toEqual(['Katherine Johnson']);
    expect(authors('')).toEqual(['Margaret Hamilton']);
    expect(authors('', '')).toEqual([]);
  });

  it('joins several authors into the byline and skips URL-valued author fields', () => {
    const result = extractPage(page({ head: ld }), URL_BASE);
    expect(result.byline).toBe('Ada Lovelace, Charles Babbage');
    const urlAuthor = meta('property', 'article:author', 'https://www.facebook.com/someone');
    expect(extractPage(page({ head: urlAuthor + m }), URL_BASE).authors).toEqual(['Katherine Johnson']);
  });

  it('reads rel=author links and schema.org microdata bylines', () => {
    const rel = '<p>Words by <a rel="author" href="/people/ida">Ida Wells</a></p>';
    expect(extractPage(page({ lead: rel }), URL_BASE).authors).toEqual(['Ida Wells']);
    const micro = '<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Mary Jackson</span></div>';
    expect(extractPage(page({ lead: micro }), URL_BASE).authors).toEqual(['Mary Jackson']);
    const two = '<p class="byline">By Rosalind Franklin and Maurice Wilkins</p>';
    expect(extractPage(page({ lead: two }), URL_BASE).authors).toEqual(['Rosalind Franklin', 'Maurice Wilkins']);
  });
});

describe('published date precedence', () => {
  const ld = jsonLd({ '@type': 'BlogPosting', headline: 'x', datePublished: '2024-01-01T10:00:00+02:00', dateModified: '2024-01-02T09:00:00+02:00' });
  const og = meta('property', 'article:published_time', '2024-02-01T10:00:00Z') + meta('property', 'article:modified_time', '2024-02-03T10:00:00Z');
  const m = meta('name', 'dc.date.issued', '2024-03-01');
  const time = '<time datetime="2024-04-01T07:15:00-05:00">April 1</time>';
  const visible = '<span class="date">May 1, 2024</span>';

  it('prefers JSON-LD, then OpenGraph, meta, <time>, a visible date, the URL', () => {
    const published = (head: string, lead: string, url = 'https://blog.example.net/post') => extractPage(page({ head, lead }), url).publishedAt;
    expect(published(ld + og + m, time + visible)).toBe('2024-01-01T10:00:00+02:00');
    expect(published(og + m, time + visible)).toBe('2024-02-01T10:00:00Z');
    expect(published(m, time + visible)).toBe('2024-03-01');
    expect(published('', time + visible)).toBe('2024-04-01T07:15:00-05:00');
    expect(published('', visible)).toBe('2024-05-01');
    expect(published('', '', URL_BASE)).toBe('2024-05-17');
    expect(published('', '')).toBeNull();
  });

  it('reads modified dates with the same precedence', () => {
    expect(extractPage(page({ head: ld + og }), URL_BASE).modifiedAt).toBe('2024-01-02T09:00:00+02:00');
    expect(extractPage(page({ head: og }), URL_BASE).modifiedAt).toBe('2024-02-03T10:00:00Z');
    expect(extractPage(page(), URL_BASE).modifiedAt).toBeNull();
  });

  it('skips an unparseable higher source instead of returning "Invalid Date"', () => {
    const bad = meta('property', 'article:published_time', 'sometime last week');
    expect(extractPage(page({ head: bad + m }), URL_BASE).publishedAt).toBe('2024-03-01');
  });
});

describe('site name and lead image precedence', () => {
  it('prefers the JSON-LD WebSite, then og:site_name, then the publisher, then application-name', () => {
    const website = jsonLd({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite', name: 'LD Site' }, { '@type': 'Article', headline: 'x', publisher: { '@type': 'Organization', name: 'LD Publisher' } }] });
    const og = meta('property', 'og:site_name', 'OG Site');
    const app = meta('name', 'application-name', 'App Name');
    expect(extractPage(page({ head: website + og + app }), URL_BASE).siteName).toBe('LD Site');
    expect(extractPage(page({ head: og + app }), URL_BASE).siteName).toBe('OG Site');
    const publisherOnly = jsonLd({ '@type': 'Article', headline: 'x', publisher: { '@type': 'Organization', name: 'LD Publisher' } });
    expect(extractPage(page({ head: publisherOnly + app }), URL_BASE).siteName).toBe('LD Publisher');
    expect(extractPage(page({ head: app }), URL_BASE).siteName).toBe('App Name');
    expect(extractPage(page(), URL_BASE).siteName).toBeNull();
  });

  it("reports og:site_name, application-name and the <title>'s suffix apart, for the host's name", () => {
    const og = meta('property', 'og:site_name', 'OG &amp; Site');
    const app = meta('name', 'application-name', 'App Name');
    const website = jsonLd({ '@type': 'WebSite', name: 'LD Site' });
    expect(extractPage(page({ head: `<title>A headline | Section | The Daily Parallax</title>${website}${og}${app}` }), URL_BASE).names).toEqual({
      siteName: 'OG & Site',
      applicationName: 'App Name',
      titleSuffix: 'The Daily Parallax',
    });
    expect(extractPage(page({ head: '<title>Just a headline</title>' }), URL_BASE).names).toEqual({ siteName: null, applicationName: null, titleSuffix: null });
  });

  it('prefers the JSON-LD image, then og:image, twitter:image, link image_src, then the first body image', () => {
    const ld = jsonLd({ '@type': 'Article', headline: 'x', image: { '@type': 'ImageObject', url: 'https://cdn.example.org/ld.jpg', caption: 'LD caption' } });
    const og = meta('property', 'og:image', 'https://cdn.example.org/og.jpg') + meta('property', 'og:image:alt', 'OG alt');
    const tw = meta('name', 'twitter:image', 'https://cdn.example.org/tw.jpg');
    const link = '<link rel="image_src" href="https://cdn.example.org/link.jpg">';
    const image = (head: string, bodyImage = '') => extractPage(page({ head, paragraphs: [bodyImage + PROSE[0], ...PROSE.slice(1)] }), URL_BASE).image;
    expect(image(ld + og + tw + link)).toEqual({ url: 'https://cdn.example.org/ld.jpg', alt: 'LD caption' });
    expect(image(og + tw + link)).toEqual({ url: 'https://cdn.example.org/og.jpg', alt: 'OG alt' });
    expect(image(tw + link)).toEqual({ url: 'https://cdn.example.org/tw.jpg', alt: null });
    expect(image(link)).toEqual({ url: 'https://cdn.example.org/link.jpg', alt: null });
    expect(image('', '<img src="/img/lock.jpg" alt="The new lock" width="800">')).toEqual({ url: 'https://news.example.org/img/lock.jpg', alt: 'The new lock' });
    expect(image('', '<img src="/pixel.gif" width="1" height="1">')).toBeNull();
  });
});

describe('JSON-LD shapes', () => {
  it('finds the article in @graph, in arrays, and behind WebPage.mainEntity', () => {
    const graph = jsonLd({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: 'Page' }, { '@type': ['NewsArticle'], headline: 'In a graph' }] });
    expect(extractPage(page({ head: graph }), URL_BASE).title).toBe('In a graph');
    const array = `<script type="application/ld+json">[{"@type":"Organization","name":"Org"},{"@type":"Article","headline":"In an array"}]</script>`;
    expect(extractPage(page({ head: array }), URL_BASE).title).toBe('In an array');
    const nested = jsonLd({ '@type': 'WebPage', mainEntity: { '@type': 'BlogPosting', headline: 'Main entity' } });
    expect(extractPage(page({ head: nested }), URL_BASE).title).toBe('Main entity');
  });

  it('survives broken JSON-LD and falls back to the next source', () => {
    const broken = '<script type="application/ld+json">{"@type": "Article", "headline": </script>';
    const og = meta('property', 'og:title', 'OG survives');
    expect(extractPage(page({ head: broken + og }), URL_BASE).title).toBe('OG survives');
    const trailingComma = '<script type="application/ld+json">{"@type": "Article", "headline": "Lenient",}</script>';
    expect(extractPage(page({ head: trailingComma }), URL_BASE).title).toBe('Lenient');
  });
});

describe('a <title> edge segment that is also an <h1>', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  it('is the headline when nothing else on the page carries the rest of the title', () => {
    const html = `<html><head><title>Harbour Plan Approved | The Coast Gazette</title></head><body><header><a href="/">The Coast Gazette</a></header><main><h1>Harbour Plan Approved</h1>${body}</main></body></html>`;
    expect(extractPage(html, 'https://coast.example/x').title).toBe('Harbour Plan Approved');
  });

  it("is the blog's name when another heading carries the rest of the title", () => {
    const html = `<html><head><title>Field Notes | Ten ideas for better harbours</title></head><body><h1><a href="/">Field Notes</a></h1><article><h2>Ten ideas for better harbours</h2>${body}</article></body></html>`;
    expect(extractPage(html, 'https://notes.example/x').title).toBe('Ten ideas for better harbours');
  });
});
