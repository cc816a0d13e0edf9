import { hash as digest } from 'node:crypto';
import type { Article, SiteIndex, StoryInfo } from '../model/site-index.ts';
import { TAG_PAGE_LIMIT } from '../html/page-data.ts';
import { sitemapFiles } from '../outputs/sitemap-data.ts';
import { dailyEditions } from '../model/daily.ts';
import { articlePageTellings, storyArchiveOf, storyFirstTellings } from '../model/story-list.ts';
import type { PageReach } from './page-reach.ts';

// The pages whose number grows with the site (articles, their AMP pages, archive pages, tag
// pages, story pages and story archive pages, daily editions, article sitemaps) carry a key: a
// hash of everything their template reads. A build
// renders such a page only when its key changed (or its file is missing); every other page (home,
// topic fronts, feeds, tag index, legal pages…) is rendered every time, and the merge into dist/
// keeps its file when the bytes are the same. The keys are made here, from the same site index
// the templates read, one function per route next to what the template shows.

export type KeyedRoute = 'article' | 'amp' | 'archive' | 'tag' | 'story' | 'stories' | 'sitemap' | 'daily';

export interface KeyedPage {
  route: KeyedRoute;
  /** The page's id within its route (the page data of site/model/pages/ is made for it). */
  id: string;
  /** Its file in dist/, relative, with forward slashes. */
  file: string;
  key: string;
}

function hash(parts: unknown): string {
  // The one-shot digest: a third of what a Hash object costs, and a build makes one per page.
  return digest('sha256', JSON.stringify(parts), 'base64url').slice(0, 22);
}

/**
 * What a card or link shows of an article (its address, every frontmatter field and its source's
 * name, which the crawler may learn later), as a hash made once per article: an article is on
 * many pages (its own, its related articles', its story's, lists), and writing its whole
 * frontmatter into each of their keys cost most of the keying.
 */
export function card(article: Article): string {
  let known = cards.get(article);
  if (known === undefined) cards.set(article, (known = hash([article.path, article.dataSha ?? article.data, article.source])));
  return known;
}
const cards = new WeakMap<Article, string>();

/** What an article page shows of its story: its page and its first other tellings (story-list.ts). */
function storyShown(story: StoryInfo, article: Article): unknown {
  return [story.id, story.path, articlePageTellings(story, article).map(card)];
}

/** What an article shows of itself, hashed: its stamp's own part. */
function ownStamp(article: Article): string {
  return hash([article.path, article.dataSha ?? article.data, article.source, article.bodySha, article.mode, article.shownTags]);
}

/**
 * What an article and its AMP page were keyed from at the last build, by article id (the build
 * memory's stamps table): a stamp of what the article shows itself, the articles and story its page
 * lists, and a stamp of that story. An hourly build keys again only the article pages whose stamp,
 * or a listed article's or story's, changed; every other one keeps its recorded key.
 */
export interface ArticleStamp {
  /** What the article shows of itself (its card, body, mode and shown tags), hashed. */
  own: string;
  /** Its related articles', older neighbour's and story's ids. */
  deps: string;
  /** What its page shows of its story (storyShown for any member), hashed; '' for none. */
  story: string;
}

/** A stamp as the build memory holds it: with whether the article's page and AMP page are both recorded. */
export interface RecordedStamp extends ArticleStamp {
  paged: boolean;
}

/** The last build's stamps, and its page keys by lookup; null keys every page (a cold build, a slice). */
export interface KnownKeys {
  stamps: ReadonlyMap<string, RecordedStamp>;
  key(file: string): string | undefined;
}

/** A page that keeps its recorded key: not keyed again, its key not even read. */
export type KeptPage = Omit<KeyedPage, 'key'>;

export interface KeyedSite {
  /** The pages keyed this time (every page without `known`). */
  pages: KeyedPage[];
  /** The article and AMP pages whose recorded keys stand (page-keys.ts's stamps). */
  kept: KeptPage[];
  /** Stamps to record (new or changed), and ids whose stamp goes (articles no longer in the site). */
  stamps: { set: Array<[id: string, stamp: ArticleStamp]>; deleted: string[] };
}

/** The pages a build that only added articles keys (page-reach.ts); `listKept` lists every other keyed page as kept (an incremental build looks for their files). */
export type Reach = Omit<PageReach, 'shardsFrom'> & { listKept: boolean };

/**
 * `prefix` covers what every page depends on: the site's code and its config (see fingerprint.ts).
 * With `known`, an article page (and its AMP page) whose inputs are all unchanged keeps its
 * recorded key. GLEANER_VERIFY_KEYS (set by the tests) keys such pages anyway and fails on a
 * difference: a stamp that misses a dependency would leave a page stale.
 */
export function keyedPages(index: SiteIndex, prefix: string, known: KnownKeys | null = null, reach: Reach | null = null): KeyedSite {
  const pages: KeyedPage[] = [];
  const kept: KeptPage[] = [];
  // Each article's own stamp, and its last build's stamp, in the site index's order; the articles
  // whose own stamp changed (an hourly build: the new ones and a few edited) are the small set a
  // listing page asks about.
  const articles = reach ? reach.articles : index.articles;
  const owns = new Map<Article, string>();
  const before: Array<RecordedStamp | undefined> = new Array(articles.length);
  const changedOwn = new Set<Article>();
  let stamped = 0;
  for (let i = 0; i < articles.length; i++) {
    const article = articles[i]!;
    const own = ownStamp(article);
    owns.set(article, own);
    before[i] = known?.stamps.get(article.id);
    if (before[i] !== undefined) stamped++;
    if (before[i]?.own !== own) changedOwn.add(article);
  }
  const storyStamps = new Map<StoryInfo, string>();
  const storyStamp = (story: StoryInfo) => {
    let stamp = storyStamps.get(story);
    if (stamp === undefined) storyStamps.set(story, (stamp = hash([story.id, story.path, storyFirstTellings(story).map((m) => owns.get(m) ?? ownStamp(m))])));
    return stamp;
  };
  const unchanged = (article: Article) => !changedOwn.has(article);
  const verify = Boolean(process.env.GLEANER_VERIFY_KEYS);
  const set: Array<[string, ArticleStamp]> = [];
  for (let i = 0; i < articles.length; i++) {
    const article = articles[i]!;
    const related = index.related(article);
    const older = index.older(article);
    const story = index.storyOf(article);
    const stamp: ArticleStamp = { own: owns.get(article)!, deps: `${related.map((r) => r.id).join(' ')}|${older?.id ?? ''}|${story?.id ?? ''}`, story: story ? storyStamp(story) : '' };
    const last = before[i];
    const same = last !== undefined && last.own === stamp.own && last.deps === stamp.deps && last.story === stamp.story;
    if (!same) set.push([article.id, stamp]);
    const file = `${article.id}/index.html`;
    const ampFile = `amp/${article.id}/index.html`;
    const keeps = same && last.paged && related.every(unchanged) && (!older || unchanged(older));
    if (keeps && !verify) {
      kept.push({ route: 'article', id: article.id, file }, { route: 'amp', id: article.id, file: ampFile });
      continue;
    }
    const tags = article.shownTags.map((t) => [t.slug, t.name]);
    const topic = index.topicBySlug.get(article.topic);
    const topicName = topic ? [topic.slug, topic.name] : null;
    // The reuse mode is resolved from the config, which the fingerprint leaves out: a source turned to excerpt re-renders only its own pages.
    const body = [article.bodySha, article.mode];
    const key = hash([prefix, card(article), body, tags, topicName, related.map(card), older ? [older.path, older.data.title] : null, story ? storyShown(story, article) : null]);
    const ampKey = hash([prefix, card(article), body, tags, topicName]);
    if (keeps) {
      if (known!.key(file) !== key || known!.key(ampFile) !== ampKey) {
        throw new Error(`${file}: its stamps are unchanged but its key is not: a page key reads something its stamp leaves out (page-keys.ts)`);
      }
      kept.push({ route: 'article', id: article.id, file }, { route: 'amp', id: article.id, file: ampFile });
      continue;
    }
    pages.push({ route: 'article', id: article.id, file, key }, { route: 'amp', id: article.id, file: ampFile, key: ampKey });
  }
  // Every recorded stamp is an article's still, unless fewer articles had one than there are stamps (never when only articles were added).
  const deleted = known && !reach && stamped < known.stamps.size ? [...known.stamps.keys()].filter((id) => index.article(id) === undefined) : [];
  if (reach?.listKept) {
    const reached = new Set(articles);
    for (const article of index.articles) if (!reached.has(article)) kept.push({ route: 'article', id: article.id, file: `${article.id}/index.html` }, { route: 'amp', id: article.id, file: `amp/${article.id}/index.html` });
  }
  // A page the reach leaves out keeps its recorded key; listed as kept only when asked (an incremental build looks for its file).
  const leftOut = (page: KeptPage) => {
    if (reach?.listKept) kept.push(page);
  };
  for (const topic of index.topics) {
    const from = reach ? (reach.archive.get(topic) ?? Infinity) : 1;
    topic.pages.forEach((articles, i) => {
      const n = i + 1;
      if (n < from) return leftOut({ route: 'archive', id: `${topic.slug}/${n}`, file: `${topic.slug}/page/${n}/index.html` });
      pages.push({
        route: 'archive',
        id: `${topic.slug}/${n}`,
        file: `${topic.slug}/page/${n}/index.html`,
        key: hash([prefix, topic.slug, topic.name, topic.description, n, index.isFullPage(topic, n), index.onFront(topic, n), index.isFullPage(topic, n + 1), articles.map(card)]),
      });
    });
  }
  for (const tag of index.tags) {
    if (reach && !reach.tags.has(tag)) {
      leftOut({ route: 'tag', id: tag.slug, file: `tags/${tag.slug}/index.html` });
      continue;
    }
    // The page shows the newest TAG_PAGE_LIMIT and says how many there are.
    pages.push({ route: 'tag', id: tag.slug, file: `tags/${tag.slug}/index.html`, key: hash([prefix, tag.slug, tag.name, tag.listed, tag.articles.length, tag.articles.slice(0, TAG_PAGE_LIMIT).map(card)]) });
  }
  for (const story of index.stories) {
    if (reach && !reach.stories.has(story)) {
      leftOut({ route: 'story', id: String(story.id), file: `stories/${story.id}/index.html` });
      continue;
    }
    // The lead is the first article, so members (every card the page shows) say it all; their
    // bodies and modes too, as the page's summary quotes them (story-summary.ts).
    pages.push({ route: 'story', id: String(story.id), file: `stories/${story.id}/index.html`, key: hash([prefix, story.id, story.members.map((m) => [card(m), m.bodySha, m.mode])]) });
  }
  const editions = dailyEditions(index);
  for (const [i, edition] of editions.entries()) {
    if (reach && i < reach.editionsFrom) {
      leftOut({ route: 'daily', id: edition.day, file: `daily/${edition.day}/index.html` });
      continue;
    }
    // A day's top stories with the day's tellings, its neighbours and whether it is closed: a closed day's key never changes (daily.ts).
    const sections = edition.sections.map((s) => [s.slug, s.name, s.items.map((item) => [card(item.lead), item.members.map(card), item.story?.path ?? null])]);
    pages.push({ route: 'daily', id: edition.day, file: `daily/${edition.day}/index.html`, key: hash([prefix, edition.day, edition.closed, edition.prev, edition.next, sections]) });
  }
  const storyArchive = storyArchiveOf(index);
  storyArchive.pages.forEach((stories, i) => {
    const n = i + 1;
    if (reach && !reach.storyPages.has(n)) return leftOut({ route: 'stories', id: String(n), file: `stories/page/${n}/index.html` });
    // A card per story: its lead, the tellings it lists (every member's card covers both) and a sentence quoted from their bodies.
    const shown = stories.map((s) => [s.id, s.path, s.members.map((m) => [card(m), m.bodySha, m.mode])]);
    pages.push({ route: 'stories', id: String(n), file: `stories/page/${n}/index.html`, key: hash([prefix, n, storyArchive.onIndex(n), storyArchive.isFull(n + 1), shown]) });
  });
  // A whole chunk of article URLs none of whose articles the reach holds is as it was: only the newest chunk of a topic gains articles.
  const reachedArticles = reach ? new Set(reach.articles) : null;
  for (const file of sitemapFiles(index)) {
    const page = { route: 'sitemap' as const, id: file.name, file: `sitemaps/${file.name}.xml` };
    if (reachedArticles && file.full && file.articles?.some((a) => reachedArticles.has(a)) === false) leftOut(page);
    else pages.push({ ...page, key: hash([prefix, file.urls]) });
  }
  return { pages, kept, stamps: { set, deleted } };
}
