import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFeeds, describeProblems, parseOpml, type OpmlResult } from '../../crawler/discover/opml.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'opml', name), 'utf8');

function ok(result: OpmlResult) {
  if (!result.ok) throw new Error(`expected a parsed list, got ${describeProblems(result.problems).join('; ')}`);
  return result;
}

function problems(text: string): string[] {
  const result = parseOpml(text);
  if (result.ok) throw new Error('expected problems');
  expect(result.code).toBe('E_OPML_PARSE');
  return describeProblems(result.problems);
}

const summary = (result: OpmlResult) => ok(result).groups.map((g) => [g.name, g.feeds.map((f) => f.url)]);

describe('parseOpml', () => {
  it('reads a Feedly export: folders become groups, feeds keep their titles and home pages', () => {
    const result = ok(parseOpml(fixture('feedly.opml')));
    expect(result.title).toBe('Jane subscriptions in feedly Cloud');
    expect(summary(result)).toEqual([
      ['Space', ['https://www.nasa.gov/rss/dyn/breaking_news.rss', 'https://www.esa.int/rssfeed/Our_Activities/Space_Science']],
      ['Climate change', ['https://www.carbonbrief.org/feed/']],
    ]);
    expect(result.groups[0]!.feeds[0]).toEqual({ url: 'https://www.nasa.gov/rss/dyn/breaking_news.rss', title: 'NASA Breaking News', htmlUrl: 'https://www.nasa.gov/', line: 9 });
    expect(result).toMatchObject({ rejected: [], duplicates: 0 });
  });

  it('folds nested folders into the outermost one, skips empty folders, and files top-level feeds under no category or their category attribute', () => {
    const result = ok(parseOpml(fixture('nested.opml')));
    expect(summary(result)).toEqual([
      ['Tech', ['https://this-week-in-rust.org/rss.xml', 'https://blog.rust-lang.org/inside-rust/feed.xml', 'https://lwn.net/headlines/rss']],
      [null, ['https://daringfireball.net/feeds/main']],
      ['Photography', ['https://tagged.example/feed']],
    ]);
  });

  it('reads a flat list (no folders) as one group without a category', () => {
    expect(summary(parseOpml(fixture('flat.opml')))).toEqual([[null, ['https://jvns.ca/atom.xml', 'https://simonwillison.net/atom/everything/']]]);
  });

  it('decodes entities (also those escaped twice), keeps a URL once, and rejects non-http(s) URLs and credentials with the reason and line', () => {
    const result = ok(parseOpml(fixture('messy.opml')));
    expect(result.title).toBe('FreshRSS & friends');
    expect(result.groups.map((g) => g.name)).toEqual(['News & Politics']);
    expect(allFeeds(result.groups).map((f) => [f.title, f.url])).toEqual([
      ['Tom & Jerry’s <Weekly>', 'https://toons.example/feed?a=1&b=2'],
      ['Café Society', 'https://cafe.example/rss'],
    ]);
    expect(result.duplicates).toBe(2);
    expect(describeProblems(result.rejected)).toEqual([
      'line 9: feed "Gopher hole" has xmlUrl "gopher://hole.example/1/feed": a gopher: URL, and only http(s) feeds can be read',
      'line 10: feed "Feed scheme" has xmlUrl "feed://scheme.example/rss": a feed: URL, and only http(s) feeds can be read',
      'line 11: feed "Private" has xmlUrl "https://user:secret@private.example/rss": contains a user name or password, which would be published with the config',
    ]);
  });

  it('names what is wrong with a file that is not an OPML list', () => {
    expect(problems('')).toEqual(['the file is empty']);
    expect(problems('just some words')).toEqual(['not XML: no element found']);
    expect(problems('{"feeds": []}')).toEqual(['not XML: no element found']);
    expect(problems('<!doctype html>\n<html><body><a href="/feed">feed</a></body></html>')).toEqual(['line 1: not an OPML file: the root element is <html>, not <opml>']);
    expect(problems('<opml version="2.0"><head><title>x</title></head></opml>')).toEqual([
      'has no <body> inside <opml>: an OPML list keeps its feeds in <body><outline xmlUrl="…"/></body>',
    ]);
    expect(problems('<opml version="2.0"><body><outline text="Folder"><outline text="no url"/></outline></body></opml>')).toEqual([
      'lists no feed: no <outline> in <body> has an xmlUrl attribute',
    ]);
  });

  it('gives the line of an element that is never closed (a file cut short)', () => {
    const cut = fixture('feedly.opml').split('\n').slice(0, 10).join('\n');
    expect(problems(cut)).toEqual([
      'line 8: <outline> is never closed (the file is cut short, or not well-formed XML)',
      'line 7: <body> is never closed (the file is cut short, or not well-formed XML)',
      'line 3: <opml> is never closed (the file is cut short, or not well-formed XML)',
    ]);
    expect(problems('<opml>\n<body>\n<outline text="a" xmlUrl="https://a.example/feed">\n</body>\n</opml>')[0]).toBe(
      'line 3: <outline> is never closed (the file is cut short, or not well-formed XML)',
    );
  });

  it('fails when every feed it lists was rejected, saying why for each', () => {
    expect(problems('<opml><body><outline text="x" xmlUrl="javascript:alert(1)"/><outline text="y" xmlUrl="/relative/feed"/></body></opml>')).toEqual([
      'line 1: feed "x" has xmlUrl "javascript:alert(1)": a javascript: URL, and only http(s) feeds can be read',
      'line 1: feed "y" has xmlUrl "/relative/feed": not an absolute URL',
    ]);
  });
});
