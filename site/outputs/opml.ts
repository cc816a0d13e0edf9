import type { Source } from '../../crawler/config/index.ts';
import { rfc822 } from '../model/dates.ts';
import { attributes, element } from './xml.ts';
import type { SiteIndex, TopicInfo } from '../model/site-index.ts';
import type { SourceHealth } from '../builder/data/sources.ts';

// /opml.xml and /<topic>/opml.xml: the feeds this site reads, one folder per topic, in OPML 2.0 —
// what an aggregator publishes as its reading list (Planet's opml.xml), so a reader can follow
// the sources themselves, a fork can start from them (`npm run new-site -- --opml`), and another
// Gleaner can read them (`{ kind: 'opml', url }`). The site's own feeds are not listed: importing
// them beside the sources would subscribe a reader to every article twice; its RSS, Atom and JSON
// Feed links are what a reader subscribes with. Pure: the index in, the document out.

export interface OpmlFolder {
  name: string;
  /** Feed URLs, each with its name when one is known (the owner's, else the feed's own title). */
  feeds: Array<{ url: string; name: string | null }>;
  /** OPML lists the topic reads: written as OPML 2.0 inclusions. */
  lists: string[];
}

export interface OpmlMeta {
  title: string;
  /** ISO time of the newest article, never the build's clock, so an unchanged site writes the same bytes. */
  modified: string | null;
  ownerName: string;
}

export function opmlDocument(meta: OpmlMeta, folders: OpmlFolder[]): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<opml version="2.0">',
    '<head>',
    element('title', meta.title),
    meta.modified ? element('dateModified', rfc822(meta.modified)) : '',
    element('ownerName', meta.ownerName),
    element('docs', 'https://opml.org/spec2.opml'),
    '</head>',
    '<body>',
  ];
  for (const folder of folders) {
    if (!folder.feeds.length && !folder.lists.length) continue;
    out.push(`<outline${attributes({ text: folder.name, title: folder.name })}>`);
    for (const { url, name } of folder.feeds) out.push(`  <outline${attributes({ type: 'rss', text: name ?? label(url), title: name ?? undefined, xmlUrl: url })}/>`);
    for (const url of folder.lists) out.push(`  <outline${attributes({ type: 'include', text: label(url), url })}/>`);
    out.push('</outline>');
  }
  out.push('</body>', '</opml>');
  return `${out.filter(Boolean).join('\n')}\n`;
}

/** The site's list (every configured topic) or one topic's; `health` (the build read it from the crawler's state) gives each feed's own title. */
export function siteOpml(index: SiteIndex, topic?: TopicInfo, health: readonly SourceHealth[] = []): string {
  const titles = new Map(health.flatMap((h) => h.feeds.flatMap((f) => (f.title ? [[f.url, f.title] as const] : []))));
  const { config } = index;
  const topics = config.topics.filter((t) => !topic || t.slug === topic.slug);
  const newest = (topic ? topic.articles : index.articles)[0]?.data.publishedOnSite ?? null;
  return opmlDocument(
    {
      title: topic ? `${topic.name} – ${config.site.title}: sources` : `${config.site.title}: sources`,
      modified: newest,
      ownerName: config.site.legal.owner || config.site.title,
    },
    topics.map((t) => ({
      name: t.name,
      feeds: t.sources.flatMap((s) => (s.kind === 'feed' ? [{ url: s.url, name: ('name' in s ? s.name : undefined) ?? titles.get(s.url) ?? null }] : [])),
      lists: urlsOf(t.sources, 'opml'),
    })),
  );
}

function urlsOf(sources: Source[], kind: 'opml'): string[] {
  return sources.flatMap((s) => (s.kind === kind ? [s.url] : []));
}

/** A feed with no known name is shown by its address without the scheme (readers show it until they read the feed's title). */
function label(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}
