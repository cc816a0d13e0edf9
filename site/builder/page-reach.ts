import { hash } from 'node:crypto';
import { articleMs } from '../model/article-time.ts';
import { CLOSE_AFTER_MS, dailyEditions } from '../model/daily.ts';
import { frontOlderPage, spelledTags, tagName, type Article, type SiteIndex, type StoryInfo, type TagInfo, type TopicInfo } from '../model/site-index.ts';
import { storyArchiveOf, storyFirstTellings, storyFormed } from '../model/story-list.ts';
import type { ManifestStore } from './manifest.ts';

// The pages a build that only added articles can have changed, from the site index and the last
// build's record, without keying the rest. An hourly run only adds: its articles are the newest of
// the site, so what older pages show stays as it was, except where a new article joins a list
// (its topic's newest archive pages, its tags' pages, its story's pages and, while it is among the
// story's first tellings, its members' article pages, the story archive's newest pages, the daily
// editions still open, the newest search shard).
// Every other keyed page keeps its recorded key unread. Anything else (an edit, a removal, a source
// that is named anew, a tag whose most used spelling changed…) keys every page (page-keys.ts).
// The tests build with GLEANER_VERIFY_KEYS, which keys every page too and fails on any difference
// (page-selection.ts).

export interface PageReach {
  /** Articles whose pages are keyed again against their stamps: the new ones and every member of a story one joined among its first tellings, in the index's order. */
  articles: Article[];
  /** Per topic with new articles, the first archive page keyed again (and every later one). */
  archive: Map<TopicInfo, number>;
  tags: Set<TagInfo>;
  stories: Set<StoryInfo>;
  /** Story archive pages keyed again. */
  storyPages: Set<number>;
  /** The first daily edition (by its place in dailyEditions) keyed again: the last closed before this build, then every later one. */
  editionsFrom: number;
  /** The first search shard (oldest first) whose key is made again. */
  shardsFrom: number;
}

/** What the last build recorded that the reach needs. */
export interface RecordedSite {
  /** sourceNamesDigest of the last build; null when it recorded none. */
  names: string | null;
  /** sourceNamesDigest of this build's index (the build records it, so it is made once). */
  namesNow: string;
  /** How many articles have a stamp with both pages recorded, and how many stamps there are. */
  stamps: { paged: number; all: number };
  /** Whether an article id has a stamp. */
  stamped(id: string): boolean;
}

/** What the last build recorded, read from its manifest by need (the stamps one by one). */
export function recordedSite(manifest: ManifestStore, namesNow: string): RecordedSite {
  return { names: manifest.sourceNames(), namesNow, stamps: manifest.stampCounts(), stamped: (id) => manifest.stamp(id) !== undefined };
}

/** Every host's name as the site shows it, hashed: a name that changes shows on every page of the host's articles. */
export function sourceNamesDigest(index: SiteIndex): string {
  const names = new Map<string, string>();
  for (const article of index.articles) if (article.host !== null && !names.has(article.host)) names.set(article.host, article.source);
  return hash('sha256', JSON.stringify([...names].sort((a, b) => (a[0] < b[0] ? -1 : 1))), 'base64url');
}

/** The reach of a build that only added `added` (update.appendOnly), or why every page is keyed. */
export function appendReach(index: SiteIndex, added: ReadonlySet<Article>, recorded: RecordedSite, shardSize: number): PageReach | { whole: string } {
  const { articles } = index;
  const oldCount = articles.length - added.size;
  if (recorded.stamps.all !== oldCount || recorded.stamps.paged !== oldCount) return { whole: 'the last build did not stamp every article' };
  if (recorded.names === null) return { whole: 'the last build recorded no source names (a build memory from before them)' };
  if (recorded.names !== recorded.namesNow) return { whole: 'a source is named anew' };
  for (let i = 0; i < added.size; i++) if (!added.has(articles[i]!)) return { whole: 'a new article is not the newest' };
  for (const article of added) if (recorded.stamped(article.id)) return { whole: `${article.id} was on the site before` };

  // Older pages show nothing of a new article: its neighbour is older, nothing old relates to it,
  // its id (which names stories and orders them) is above every old one.
  let oldMaxId = -Infinity;
  let oldMaxOwn = -Infinity;
  for (let i = added.size; i < articles.length; i++) {
    const article = articles[i]!;
    const data = article.data;
    if (data.id > oldMaxId) oldMaxId = data.id;
    const own = articleMs(data);
    if (own > oldMaxOwn) oldMaxOwn = own;
    for (const related of index.related(article)) if (added.has(related)) return { whole: `an older article relates to ${related.id}` };
  }
  for (const article of added) if (article.data.id <= oldMaxId) return { whole: `${article.id} has an id below an older article's` };

  const archive = new Map<TopicInfo, number>();
  const pageSize = index.config.publish.pageSize;
  for (const topic of index.topics) {
    const mine = topic.articles.filter((a) => added.has(a));
    if (mine.length === 0) continue;
    // Topics no longer configured are ordered by their newest article: a new one could reorder every edition's sections.
    if (!topic.configured) return { whole: `new articles in ${topic.slug}, a topic no longer configured` };
    let oldMaxPosition = -Infinity;
    for (const a of topic.articles) if (!added.has(a) && a.data.position > oldMaxPosition) oldMaxPosition = a.data.position;
    if (mine.some((a) => a.data.position <= oldMaxPosition)) return { whole: `a new article of ${topic.slug} is placed among older ones` };
    // The pages as they were: the new articles taken out, the empty page after a full last one.
    const before = topic.pages.map((page) => page.filter((a) => !added.has(a)).length);
    while (before.length > 0 && before.at(-1) === 0) before.pop();
    if (before.length === 0 || before.at(-1)! >= pageSize) before.push(0);
    const lastFilled = before.findLastIndex((n) => n > 0) + 1;
    const firstNew = Math.min(...mine.map((a) => a.data.page));
    const olderNow = index.front(topic).olderPage;
    const olderBefore = frontOlderPage(before, pageSize);
    archive.set(topic, Math.max(1, Math.min(firstNew, lastFilled || 1, olderBefore ?? 1, olderNow ?? 1) - 1));
  }

  // A tag's page changes with its count; its name (on every page of its articles) only when the most used spelling changed.
  const tags = new Set<TagInfo>();
  const collator = new Intl.Collator(index.config.site.language, { sensitivity: 'base' });
  const lessBy = new Map<TagInfo, Map<string, number>>();
  for (const article of added) {
    for (const { slug, name } of spelledTags(article.data.tags)) {
      const tag = index.tagBySlug.get(slug)!;
      tags.add(tag);
      const less = lessBy.get(tag) ?? lessBy.set(tag, new Map()).get(tag)!;
      less.set(name, (less.get(name) ?? 0) + 1);
    }
  }
  for (const [tag, less] of lessBy) {
    const before = new Map([...tag.spellings].map(([name, n]) => [name, n - (less.get(name) ?? 0)]));
    const name = tagName(before, collator);
    if (name !== null && name !== tag.name) return { whole: `the tag ${tag.slug} is spelled ${tag.name} now` };
  }

  const stories = new Set<StoryInfo>();
  for (const article of added) {
    const story = index.storyOf(article);
    if (story) stories.add(story);
  }
  // A member's page lists its story's first tellings (story-list.ts): it changes only while the new ones are among them.
  const reached = new Set<Article>(added);
  for (const story of stories) {
    if (storyFirstTellings(story).some((m) => added.has(m))) for (const member of story.members) reached.add(member);
  }

  // The story archive: pages of stories in the order they formed, so a new story is the last.
  const storyArchive = storyArchiveOf(index);
  const newIds = new Set([...added].map((a) => a.data.id));
  let formedNow = 0;
  for (const story of stories) if (newIds.has(storyFormed(story))) formedNow++;
  const storiesBefore = index.stories.length - formedNow;
  const lengthsBefore = Array.from({ length: Math.ceil(storiesBefore / pageSize) }, (_, i) => Math.min(pageSize, storiesBefore - i * pageSize));
  const storyPages = new Set<number>();
  const storyFrom = Math.max(1, Math.min(Math.floor(storiesBefore / pageSize) + 1, frontOlderPage(lengthsBefore, pageSize) ?? 1, storyArchive.index.olderPage ?? 1) - 1);
  for (let n = storyFrom; n <= storyArchive.pages.length; n++) storyPages.add(n);
  storyArchive.pages.forEach((page, i) => {
    if (page.some((s) => stories.has(s))) storyPages.add(i + 1);
  });

  // A daily edition closed before this build never changes, but the last one's "next" link may.
  const editions = dailyEditions(index);
  let editionsFrom = 0;
  editions.forEach((edition, i) => {
    if (edition.end + CLOSE_AFTER_MS <= oldMaxOwn) editionsFrom = i;
  });

  return {
    articles: articles.filter((a) => reached.has(a)),
    archive,
    tags,
    stories,
    storyPages,
    editionsFrom,
    shardsFrom: Math.floor(oldCount / shardSize),
  };
}
