import { articleMs, articleTime } from './article-time.ts';
import { time } from './dates.ts';
import { frontOlderPage, type Article, type SiteIndex, type StoryInfo } from './site-index.ts';
import { memoByStory, storySources } from './story-sources.ts';

// The lists of /stories/: the newest stories (by their newest telling), the widest (most
// outlets), and the archive pages. Pure: stories in, lists out.

/** How many other tellings an article page lists (the story page has them all). */
export const ARTICLE_PAGE_TELLINGS = 6;

/**
 * The tellings an article page can list: the story's first ARTICLE_PAGE_TELLINGS + 1 on the site,
 * oldest first. The first ones, not the newest: a story that keeps growing then leaves its older
 * tellings' pages as they were (its own page follows it), so an hour re-renders the pages of the
 * articles it added, not of every telling of every story they joined. Members are newest first.
 */
export function storyFirstTellings(story: StoryInfo): Article[] {
  return story.members.slice(-(ARTICLE_PAGE_TELLINGS + 1)).reverse();
}

/** What an article page lists of its story: the first tellings but its own, at most ARTICLE_PAGE_TELLINGS. */
export function articlePageTellings(story: StoryInfo, article: Article): Article[] {
  return storyFirstTellings(story).filter((m) => m !== article).slice(0, ARTICLE_PAGE_TELLINGS);
}

/** The story's first and newest tellings' own times (articleTime), as ISO strings. */
export function storySpan(story: StoryInfo): { first: string; newest: string } {
  return memoByStory(spanMemo, story, () => {
    let first = '';
    let newest = '';
    let firstMs = 0;
    let newestMs = 0;
    for (const m of story.members) {
      const iso = articleTime(m.data).iso;
      const ms = articleMs(m.data);
      if (!first || ms < firstMs) [first, firstMs] = [iso, ms];
      if (!newest || ms > newestMs) [newest, newestMs] = [iso, ms];
    }
    return { first, newest };
  });
}
const spanMemo = new WeakMap<StoryInfo, { members: number; value: { first: string; newest: string } }>();

/** Newest first by the story's newest telling; then the newer story (higher id). */
export function newestStories(stories: readonly StoryInfo[]): StoryInfo[] {
  const newest = new Map(stories.map((s) => [s, time(storySpan(s).newest)]));
  return [...stories].sort((a, b) => newest.get(b)! - newest.get(a)! || b.id - a.id);
}

/** Most distinct outlets first (story-sources.ts); then newest first. */
export function widestStories(stories: readonly StoryInfo[]): StoryInfo[] {
  const outlets = new Map(stories.map((s) => [s, storySources(s).length]));
  const order = new Map(newestStories(stories).map((s, i) => [s, i]));
  return [...stories].sort((a, b) => outlets.get(b)! - outlets.get(a)! || order.get(a)! - order.get(b)!);
}

/**
 * When a story came to be one: the id of its second article (a story has a page from its second
 * telling on). Article ids only grow, and a story's second member never changes (only a removal
 * takes one away), so stories in this order are only ever appended to. Ordering by the story's
 * own id (its first article) would not be: an older article that gains a second telling today
 * would slip into a page that was full yesterday.
 */
export function storyFormed(story: StoryInfo): number {
  // The second smallest id, in one pass (a story can have hundreds of tellings).
  let first = Infinity;
  let second = Infinity;
  for (const { data } of story.members) {
    if (data.id < first) [first, second] = [data.id, first];
    else if (data.id < second) second = data.id;
  }
  return second !== Infinity ? second : first !== Infinity ? first : story.id;
}

export interface StoryArchive {
  /** pages[n - 1] holds archive page n: stories in the order they formed, `pageSize` a page, newest first within a page. No empty page. */
  pages: StoryInfo[][];
  /** Whether page n is full (it never changes its stories again). */
  isFull(page: number): boolean;
  /** What /stories/ lists: the newest archive pages, whole, until there are at least pageSize stories (newest telling first), and the page before them. */
  index: { stories: StoryInfo[]; olderPage: number | null };
  /** Whether /stories/ lists page n whole: such a page is the index's (canonical to it, noindex). */
  onIndex(page: number): boolean;
}

/** Stories in the order they formed (storyFormed, once a story), then by id. A function of its own, so the archive's closures do not hold its map. */
function inFormedOrder(stories: readonly StoryInfo[]): StoryInfo[] {
  const formedAt = new Map(stories.map((s) => [s, storyFormed(s)]));
  return [...stories].sort((a, b) => formedAt.get(a)! - formedAt.get(b)! || a.id - b.id);
}

export function storyArchive(stories: readonly StoryInfo[], pageSize: number): StoryArchive {
  const formed = inFormedOrder(stories);
  const pages: StoryInfo[][] = [];
  for (let i = 0; i < formed.length; i += pageSize) pages.push(formed.slice(i, i + pageSize).reverse());
  // Like a topic's front (site-index.ts): the newest pages, whole, until there are pageSize stories.
  const olderPage = frontOlderPage(pages.map((p) => p.length), pageSize);
  const shown = pages.slice(olderPage ?? 0).flat();
  return {
    pages,
    isFull: (page) => (pages[page - 1]?.length ?? 0) >= pageSize,
    index: { stories: newestStories(shown), olderPage },
    onIndex: (page) => page > (olderPage ?? 0),
  };
}

const archives = new WeakMap<SiteIndex, StoryArchive>();

/** The site's story archive, pages of publish.pageSize stories, made once per index. */
export function storyArchiveOf(index: SiteIndex): StoryArchive {
  let archive = archives.get(index);
  if (!archive) archives.set(index, (archive = storyArchive(index.stories, index.config.publish.pageSize)));
  return archive;
}
