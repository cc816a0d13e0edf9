import type { Config } from '../../crawler/config/index.ts';
import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';
import { time } from './dates.ts';
import { dateMs } from './article-time.ts';
import { tagSlug } from '../../crawler/enrich/tag-slug.ts';
import { createRoutes, type Routes } from './urls.ts';
import { modeOf, type ReuseMode } from './reuse.ts';
import { sourceHostsOf } from '../../crawler/url/source-host.ts';
import { sourceFeeds, sourceNames } from './source-names.ts';
import type { SourceHealth } from '../builder/data/sources.ts';

// Every list the site needs, computed once per build from all articles: pages then only
// look things up. Pure: entries and config in, index out.

export interface ArticleInput {
  id: string;
  data: Frontmatter;
  /** Its Markdown file, relative to the site's root. */
  file: string;
  /** SHA-256 of the Markdown body. */
  bodySha: string;
  /** A hash of the frontmatter as the build memory stores it (content-index.ts), when known: what a page key takes of it, without writing it out again. */
  dataSha?: string;
  /** Where the two hashes are read when first asked, instead of from the input (the build memory: content-index.ts), so the index does not hold them for every article. */
  hashes?: HashSource;
  /** Its source host (sourceHost of its address), when the reader of content/ read it as it loaded (content-index.ts): the index then never reads the address. */
  host?: string | null;
  /** Its tags as its frontmatter spells them, when the reader of content/ read them as it loaded: the index then never reads them from the frontmatter, which need not hold them. */
  tagSpellings?: readonly string[];
  /** The ids its frontmatter relates it to (`related`), when the reader of content/ read them as it loaded: the index resolves them to articles once, and the frontmatter need not hold them. */
  relatedIds?: readonly string[];
}

/** An article's two hashes, read by its file when first asked. */
export interface HashSource {
  hashes(file: string): { bodySha: string; dataSha: string };
}

export interface TagRef {
  slug: string;
  name: string;
}

/** An article as the pages see it: its input (frontmatter, file, body hash) and what the index resolves once. */
export interface Article extends ArticleInput {
  slug: string;
  topic: string;
  path: string;
  ampPath: string;
  /** Its source host (crawler/url/source-host.ts), null for an address without one. */
  host: string | null;
  /** Its source's name as readers see it (crawler/url/source-name.ts): resolved once from the config and what the crawler learned. */
  source: string;
  /** How much of it the site shows (reuse.ts): resolved once from the config. */
  mode: ReuseMode;
  /** Every tag of the article (search filters by these: they never change once published). */
  tags: TagRef[];
  /** The tags it shows (page, AMP page, feeds, JSON-LD): those at least publish.minTagArticles articles carried when it was published, itself included. */
  shownTags: TagRef[];
}

export interface TopicInfo {
  slug: string;
  name: string;
  description: string;
  /** False for a topic that has content but was removed from the config (its pages still build). */
  configured: boolean;
  /** Newest first. */
  articles: Article[];
  /**
   * pages[n - 1] holds archive page n, newest first within the page: every numbered page,
   * plus an empty next page when the newest one is full (or when there is none).
   */
  pages: Article[][];
}

export interface TagInfo {
  slug: string;
  name: string;
  /** Newest first. */
  articles: Article[];
  /** Carried by at least publish.minTagArticles articles: linked, indexed, in the sitemap. A rarer tag's page exists (its URL stays), noindex. */
  listed: boolean;
  /** How many articles spell it each way: the most used spelling names it (`tagName`). */
  spellings: ReadonlyMap<string, number>;
}

/** A story of two or more articles (clusters are chosen by the crawler when it publishes), usually from several sources; a source may tell it twice. */
export interface StoryInfo {
  /** The id of its first article: stable, so its page never moves. */
  id: number;
  path: string;
  /** Its first article (the one whose id the story carries): the card that stands for the story. */
  lead: Article;
  /** Every article of the story, newest first (the lead included). */
  members: Article[];
}

export interface SiteIndex {
  config: Config;
  routes: Routes;
  /** All articles, newest first (publishedOnSite, then published, then id). */
  articles: Article[];
  /** The article of an id: looked up in a table of the ids' hashes, not of every article's id. */
  article(id: string): Article | undefined;
  topics: TopicInfo[];
  topicBySlug: Map<string, TopicInfo>;
  /** Sorted by name. */
  tags: TagInfo[];
  /** The listed tags, sorted by name. */
  listedTags: TagInfo[];
  tagBySlug: Map<string, TagInfo>;
  /** Stories with at least two articles, oldest story first (by id). */
  stories: StoryInfo[];
  /** The story an article belongs to, if it has one of at least two articles. */
  storyOf(article: Article): StoryInfo | null;
  /**
   * A newest-first list with each story once: where its first member appears, its lead stands
   * for it (the home page: a story is one card, "also covered by" the rest).
   */
  oneCardPerStory(articles: Article[], limit?: number): Article[];
  /** The articles its frontmatter relates it to that the site has, in that order, itself and repeats left out, at most publish.relatedCount. */
  related(article: Article): readonly Article[];
  /** The article published just before this one in its topic, if any (stable: never changes later). */
  older(article: Article): Article | null;
  isFullPage(topic: TopicInfo, page: number): boolean;
  /** A source host's name as readers see it (crawler/url/source-name.ts); the host when it has none. */
  sourceName(host: string): string;
  /** A source host's feed, the one read for `topic` when it has several (the site's feeds credit an item's source with it); null: none known. */
  sourceFeed(host: string, topic: string): string | null;
  /**
   * What a topic's front page lists: the newest archive pages, whole, until there are at least
   * pageSize articles (between pageSize and 2 × pageSize − 1), so the archive page its "older"
   * link leads to (`olderPage`) repeats none of them, and full archive pages still never change.
   */
  front(topic: TopicInfo): { articles: Article[]; olderPage: number | null };
  /** Whether the topic's front lists archive page `page` whole, or the page is empty: such a page is the front's (its canonical). */
  onFront(topic: TopicInfo, page: number): boolean;
}

/** What page helpers need of the site beyond a page's own data: its config and routes (a page's props carry the rest, site/model/pages/). */
export type SiteContext = Pick<SiteIndex, 'config' | 'routes'>;

// Shared by every article that shows no tag (and a list of all its tags by its shown tags): frozen, since none may change it.
const NO_TAGS = Object.freeze([]) as unknown as TagRef[];
const NO_ARTICLES: readonly Article[] = Object.freeze([]);

/** The id an article's file gives it: its topic, then its file's name (content/<topic>/…/<slug>.md is <topic>/<slug>). */
export function articleIdOf(topic: string, file: string): string {
  return `${topic}/${file.slice(file.lastIndexOf('/') + 1, file.endsWith('.md') ? -3 : undefined)}`;
}

/** Whether `id` is articleIdOf(topic, file), compared in place: the index asks it of every article, and holds no id it can make. */
function isFileId(id: string, topic: string, file: string): boolean {
  const start = file.lastIndexOf('/') + 1;
  const end = file.endsWith('.md') ? file.length - 3 : file.length;
  if (id.length !== topic.length + 1 + end - start || !id.startsWith(topic) || id.charCodeAt(topic.length) !== 47) return false;
  for (let i = start, j = topic.length + 1; i < end; i++, j++) if (file.charCodeAt(i) !== id.charCodeAt(j)) return false;
  return true;
}

/** FNV-1a of an id: the key of `SiteIndex.article`'s table, a number where a string key would hold every article's id. */
function idHash(id: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return hash;
}

/**
 * An article of the index. The planning process holds one for every article of the site, so
 * what can be made from the rest (its slug and addresses) is made when read, not held: at
 * 100,000 articles, the addresses held as strings were ~0.25 KB of an article's ~2.6.
 * JSON.stringify writes it whole (toJSON), as the page data for Astro's child needs it.
 */
class IndexedArticle implements Article {
  data: Frontmatter;
  file: string;
  host: string | null;
  mode: ReuseMode;
  source = '';
  tags: TagRef[];
  shownTags: TagRef[] = NO_TAGS;
  /** The article before it in its topic's publication order (`SiteIndex.older`): a field, not a map's entry, at a quarter of the cost. */
  olderInTopic: Article | null = null;
  // What `SiteIndex.related` answers, resolved once from the ids (no article needs an id map to
  // find them), and its story (`SiteIndex.storyOf`): the index's links, not the article's own
  // fields (private: an article compares equal whatever joins its story later).
  #related: readonly Article[] = NO_ARTICLES;
  #story: StoryInfo | null = null;
  // Its id, when it is not the one its file gives it (articleIdOf): the index holds no id string for an article read from content/.
  #id: string | null;
  #routes: Routes;
  // The hashes, or where they are read when first asked (an hourly build asks for the few
  // articles it keys): one field, as the process holds an article for every one of the site's.
  #hashes: HashSource | { bodySha: string; dataSha?: string };

  constructor(entry: ArticleInput, routes: Routes, host: string | null, mode: ReuseMode, tags: TagRef[]) {
    this.#id = isFileId(entry.id, entry.data.topic, entry.file) ? null : entry.id;
    this.data = entry.data;
    this.file = entry.file;
    this.host = host;
    this.mode = mode;
    this.tags = tags;
    this.#routes = routes;
    this.#hashes = entry.hashes ?? { bodySha: entry.bodySha, dataSha: entry.dataSha };
  }

  get id(): string {
    return this.#id ?? articleIdOf(this.data.topic, this.file);
  }

  /** Whether its id is `id`, without making its id. */
  hasId(id: string): boolean {
    return this.#id !== null ? this.#id === id : isFileId(id, this.data.topic, this.file);
  }

  get relatedArticles(): readonly Article[] {
    return this.#related;
  }

  set relatedArticles(articles: readonly Article[]) {
    this.#related = articles;
  }

  get story(): StoryInfo | null {
    return this.#story;
  }

  set story(story: StoryInfo | null) {
    this.#story = story;
  }

  get topic(): string {
    return this.data.topic;
  }

  get bodySha(): string {
    return IndexedArticle.#known(this).bodySha;
  }

  get dataSha(): string | undefined {
    return IndexedArticle.#known(this).dataSha;
  }

  // Static: a private method of the instance would be one more field of every article (its class's brand).
  static #known(article: IndexedArticle): { bodySha: string; dataSha?: string } {
    const hashes = article.#hashes;
    return 'hashes' in hashes ? (article.#hashes = hashes.hashes(article.file)) : hashes;
  }

  get slug(): string {
    const id = this.id;
    return id.slice(id.indexOf('/') + 1);
  }

  get path(): string {
    return this.#routes.article(this.id);
  }

  get ampPath(): string {
    return this.#routes.amp(this.id);
  }

  toJSON(): Article {
    const { id, slug, topic, data, file, bodySha, dataSha, path, ampPath, host, mode, source, tags, shownTags } = this;
    return { id, slug, topic, data, file, bodySha, ...(dataSha === undefined ? {} : { dataSha }), path, ampPath, host, mode, source, tags, shownTags };
  }
}

/**
 * Sorts newest first (publishedOnSite, then published, then id), each date parsed once, not once
 * per comparison; an id is made only for two articles of one time. The times and the order are
 * typed arrays: no object an article to collect after.
 */
function sortNewestFirst(articles: Article[]): void {
  const n = articles.length;
  const onSite = new Float64Array(n);
  const published = new Float64Array(n);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const { data } = articles[i]!;
    onSite[i] = time(data.publishedOnSite);
    published[i] = dateMs(data, 'published');
    order[i] = i;
  }
  const byId = (a: Article, b: Article) => {
    const x = a.id;
    const y = b.id;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  order.sort((a, b) => onSite[b]! - onSite[a]! || published[b]! - published[a]! || byId(articles[a]!, articles[b]!));
  const before = articles.slice();
  for (let i = 0; i < n; i++) articles[i] = before[order[i]!]!;
}

/**
 * `entries` is read once, in order: the planning process reads them from its memory's rows one by
 * one as the index takes them (content-index.ts, `streamContentIndex`), so the load's entries and
 * the index are never both held whole. `health` is what the build's data worker read from the
 * crawler's state (site/builder/data/sources.ts): it carries what each source host calls itself.
 */
export function buildSiteIndex(entries: Iterable<ArticleInput>, config: Config, health: readonly SourceHealth[] = []): SiteIndex {
  const routes = createRoutes(config.site.url);
  const pageSize = config.publish.pageSize;
  const collator = new Intl.Collator(config.site.language, { sensitivity: 'base' });

  // The whole-site passes below run in functions of their own: the maps they build on the way die
  // with them. A map a closure of this function reads would live as long as the index (V8 keeps a
  // function's captured variables in one context that every closure of it holds).
  const { articles, tagNames, byId } = indexArticles(entries, config, routes);
  const names = sourceNames(config, health, articles);
  const nameOf = (host: string) => names.get(host) ?? host;
  const feeds = sourceFeeds(config, health);
  for (const article of articles) article.source = article.host ? nameOf(article.host) : article.data.siteName || article.data.url;
  const { tagBySlug, tags, listedTags } = indexTags(articles, tagNames, config, collator);

  const topicBySlug = new Map<string, TopicInfo>();
  for (const t of config.topics) {
    topicBySlug.set(t.slug, { slug: t.slug, name: t.name, description: t.description, configured: true, articles: [], pages: [] });
  }
  for (const article of articles) {
    let topic = topicBySlug.get(article.topic);
    if (!topic) {
      topic = { slug: article.topic, name: article.topic, description: '', configured: false, articles: [], pages: [] };
      topicBySlug.set(article.topic, topic);
    }
    topic.articles.push(article);
  }
  // Each article's older neighbour: the one before it in its topic's publication order. A removed
  // article (npm run remove) leaves a gap in the positions, which the neighbour steps over.
  const lastFilled = new Map<TopicInfo, number>();
  for (const topic of topicBySlug.values()) {
    for (const article of topic.articles) (topic.pages[article.data.page - 1] ??= []).push(article);
    // A page number no article carries (a gap) still gets its page, empty.
    const lastPage = topic.pages.length;
    for (let i = 0; i < lastPage; i++) topic.pages[i] ??= [];
    for (const page of topic.pages) page.sort((a, b) => b.data.position - a.data.position);
    if (lastPage === 0 || topic.pages[lastPage - 1].length >= pageSize) topic.pages.push([]);
    lastFilled.set(topic, topic.pages.findLastIndex((p) => p.length > 0) + 1);
    const byPosition = [...topic.articles].sort((a, b) => a.data.position - b.data.position);
    for (let i = 1; i < byPosition.length; i++) (byPosition[i] as IndexedArticle).olderInTopic = byPosition[i - 1]!;
  }
  const topics = [...topicBySlug.values()].sort((a, b) => Number(b.configured) - Number(a.configured));

  const stories = buildStories(articles, routes);
  for (const story of stories) for (const member of story.members) (member as IndexedArticle).story = story;

  const olderPages = new Map<TopicInfo, number | null>();
  const olderPageOf = (topic: TopicInfo) => {
    let page = olderPages.get(topic);
    if (page === undefined) olderPages.set(topic, (page = frontOlderPage(topic.pages.map((p) => p.length), pageSize)));
    return page;
  };
  return {
    config,
    routes,
    articles,
    article: (id) => lookUp(byId, id),
    topics,
    topicBySlug,
    tags,
    listedTags,
    tagBySlug,
    stories,
    sourceName: nameOf,
    sourceFeed: (host, topic) => {
      const list = feeds.get(host) ?? [];
      return (list.find((f) => f.topic === topic) ?? list[0])?.url ?? null;
    },
    storyOf(article) {
      return (article as IndexedArticle).story;
    },
    oneCardPerStory(list, limit = Infinity) {
      const out: Article[] = [];
      const shown = new Set<StoryInfo>();
      for (const article of list) {
        if (out.length >= limit) break;
        const story = (article as IndexedArticle).story;
        if (!story) out.push(article);
        else if (!shown.has(story)) {
          shown.add(story);
          out.push(story.lead);
        }
      }
      return out;
    },
    related(article) {
      return (article as IndexedArticle).relatedArticles;
    },
    older(article) {
      return (article as IndexedArticle).olderInTopic ?? null;
    },
    isFullPage(topic, page) {
      // A page that lost an article to a removal keeps its number and shows one fewer: it is full
      // once a later page has articles (nothing is ever added to it again).
      return (topic.pages[page - 1]?.length ?? 0) >= pageSize || (lastFilled.get(topic) ?? 0) > page;
    },
    front(topic) {
      const olderPage = olderPageOf(topic);
      return { articles: topic.pages.slice(olderPage ?? 0).reverse().flat(), olderPage };
    },
    onFront(topic, page) {
      return !topic.pages[page - 1]?.length || page > (olderPageOf(topic) ?? 0);
    },
  };
}

/**
 * Every entry as an article of the index, newest first, each with the articles it relates to, and
 * how many articles spell each tag (by slug) each way, and the table `SiteIndex.article` looks in.
 * No article's id is held past its entry: the table is keyed by the ids' hashes, and an article's
 * related ids are resolved as it is read when the articles they name came before it (the content
 * index reads the files oldest folder first), the rest once every article is known.
 */
function indexArticles(entries: Iterable<ArticleInput>, config: Config, routes: Routes): { articles: Article[]; tagNames: Map<string, Map<string, number>>; byId: IdTable } {
  const tagNames = new Map<string, Map<string, number>>();
  // Slugging a name is the costliest step here, and a site uses a few thousand names over and over.
  const slugs = new Map<string, string>();
  const slugOf = (name: string) => slugs.get(name) ?? slugs.set(name, tagSlug(name)).get(name)!;
  const countSpelling = (slug: string, name: string) => {
    const names = tagNames.get(slug) ?? new Map<string, number>();
    names.set(name, (names.get(name) ?? 0) + 1);
    tagNames.set(slug, names);
  };
  const hostOf = sourceHostsOf();
  const relatedCount = config.publish.relatedCount;
  // One list reused for every article's tags, then for its related articles: each article keeps a copy of its length, and nothing else is left to collect.
  const scratch: unknown[] = [];
  const articles: IndexedArticle[] = [];
  const byId: IdTable = new Map();
  // Articles that name one not read yet, with the ids they name.
  const later: Array<[IndexedArticle, readonly string[]]> = [];
  for (const entry of entries) {
    // Its tags' slugs; indexTags turns each into its tag's one shared TagRef, in place.
    scratch.length = 0;
    eachSpelledTag(entry.tagSpellings ?? entry.data.tags, slugOf, scratch as string[], countSpelling);
    const tags = (scratch.length === 0 ? NO_TAGS : scratch.slice()) as TagRef[];
    // The content index reads the host as it loads (content-index.ts), so the address need not be held.
    const host = entry.host !== undefined ? entry.host : hostOf(entry.data.url);
    const article = new IndexedArticle(entry, routes, host, modeOf(config, entry.data.topic, host), tags);
    articles.push(article);
    addToTable(byId, entry.id, article);
    const ids = entry.relatedIds ?? entry.data.related;
    if (!relateTo(article, ids, byId, relatedCount, scratch, false)) later.push([article, ids]);
  }
  for (const [article, ids] of later) relateTo(article, ids, byId, relatedCount, scratch, true);
  sortNewestFirst(articles);
  return { articles, tagNames, byId };
}

/** The articles of the index by their ids' hashes (a list where two share one): a number a key, where a string key would hold every article's id. */
type IdTable = Map<number, IndexedArticle | IndexedArticle[]>;

function addToTable(table: IdTable, id: string, article: IndexedArticle): void {
  const hash = idHash(id);
  const there = table.get(hash);
  if (there === undefined) table.set(hash, article);
  else if (Array.isArray(there)) there.push(article);
  else table.set(hash, [there, article]);
}

/** The article of `id` in `table`; the first read of two with one id (the content index gives none such). */
function lookUp(table: IdTable, id: string): IndexedArticle | undefined {
  const found = table.get(idHash(id));
  return Array.isArray(found) ? found.find((a) => a.hasId(id)) : found?.hasId(id) ? found : undefined;
}

/**
 * Sets `article`'s related articles from the ids it names that `table` has, in that order, itself
 * and repeats left out, at most `count`. Until every article is in the table (`complete`), an id
 * it lacks may be read later: then nothing is set, and the answer is false. `scratch` is a list to
 * reuse.
 */
function relateTo(article: IndexedArticle, ids: readonly string[], table: IdTable, count: number, scratch: unknown[], complete: boolean): boolean {
  scratch.length = 0;
  for (const id of ids) {
    if (scratch.length >= count) break;
    const found = lookUp(table, id);
    if (found === undefined) {
      if (complete) continue;
      return false;
    }
    if (found !== article && !scratch.includes(found)) scratch.push(found);
  }
  if (scratch.length > 0) article.relatedArticles = scratch.slice() as Article[];
  return true;
}

/** The site's tags (articles newest first): each article's tags become the one shared object a tag, and the tags it shows are chosen. */
function indexTags(
  articles: Article[],
  tagNames: Map<string, Map<string, number>>,
  config: Config,
  collator: Intl.Collator,
): { tagBySlug: Map<string, TagInfo>; tags: TagInfo[]; listedTags: TagInfo[] } {
  const tagDisplay = new Map<string, string>();
  for (const [slug, names] of tagNames) tagDisplay.set(slug, tagName(names, collator)!);
  // One TagRef a tag, shared by its articles: they all show the tag by its display name.
  const tagBySlug = new Map<string, TagInfo>();
  const refBySlug = new Map<string, TagRef>();
  for (const article of articles) {
    // indexArticles left each tag's slug in its place.
    const tags = article.tags as unknown as Array<string | TagRef>;
    for (let j = 0; j < tags.length; j++) {
      const slug = tags[j] as string;
      let ref = refBySlug.get(slug);
      if (!ref) refBySlug.set(slug, (ref = { slug, name: tagDisplay.get(slug)! }));
      let info = tagBySlug.get(slug);
      if (!info) tagBySlug.set(slug, (info = { slug, name: ref.name, articles: [], listed: false, spellings: tagNames.get(slug)! }));
      info.articles.push(article);
      tags[j] = ref;
    }
  }
  for (const info of tagBySlug.values()) info.listed = info.articles.length >= config.publish.minTagArticles;
  // An article shows the tags that had reached minTagArticles when it was published (itself
  // included), counted oldest first: what an article page shows never changes later, so old
  // pages stay byte-stable, and a tag starts to show once it has proved to recur.
  const running = new Map<string, number>();
  const showing: boolean[] = [];
  for (let i = articles.length - 1; i >= 0; i--) {
    const article = articles[i]!;
    let shown = 0;
    for (let j = 0; j < article.tags.length; j++) {
      const slug = article.tags[j]!.slug;
      const n = (running.get(slug) ?? 0) + 1;
      running.set(slug, n);
      showing[j] = n >= config.publish.minTagArticles;
      if (showing[j]) shown++;
    }
    // Most articles show all their tags or none: those share a list rather than hold a copy.
    article.shownTags = shown === article.tags.length ? article.tags : shown === 0 ? NO_TAGS : article.tags.filter((_, j) => showing[j]);
  }
  const tags = [...tagBySlug.values()].sort((a, b) => collator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : 1));
  return { tagBySlug, tags, listedTags: tags.filter((t) => t.listed) };
}

/** An article's tags as its frontmatter spells them, once a slug (the first spelling counts), without those that have no slug. */
export function spelledTags(names: readonly string[], slugOf: (name: string) => string = tagSlug): TagRef[] {
  const tags: TagRef[] = [];
  eachSpelledTag(names, slugOf, [], (slug, name) => tags.push({ slug, name }));
  return tags;
}

/** spelledTags' choice, told one tag at a time; `slugs` gets the slugs chosen (the index reuses one list for every article). */
function eachSpelledTag(names: readonly string[], slugOf: (name: string) => string, slugs: string[], each: (slug: string, name: string) => void): void {
  for (const name of names) {
    const slug = slugOf(name);
    if (!slug || slugs.includes(slug)) continue;
    slugs.push(slug);
    each(slug, name);
  }
}

/** Tags that fold to the same slug share a page; the most used spelling names it (`spellings`: how many articles use each), null for none. */
export function tagName(spellings: ReadonlyMap<string, number>, collator: Intl.Collator): string | null {
  let best: [string, number] | null = null;
  for (const entry of spellings) {
    if (entry[1] > 0 && (best === null || entry[1] > best[1] || (entry[1] === best[1] && collator.compare(entry[0], best[0]) < 0))) best = entry;
  }
  return best?.[0] ?? null;
}

/**
 * The archive page a front's "older" link leads to, from its topic's page lengths (oldest page
 * first): the front lists the newest pages whole until it has at least pageSize articles. Null when
 * it lists them all.
 */
export function frontOlderPage(lengths: readonly number[], pageSize: number): number | null {
  let shown = 0;
  let n = lengths.length;
  while (n > 0 && shown < pageSize) shown += lengths[--n]!;
  return n > 0 ? n : null;
}

/**
 * A story is the article whose id it carries plus every article whose frontmatter names it
 * (`cluster`); a story of one article has no page.
 */
function buildStories(articles: Article[], routes: Routes): StoryInfo[] {
  const byNumber = new Map(articles.map((a) => [a.data.id, a]));
  const named = new Set<number>();
  for (const article of articles) if (article.data.cluster !== null) named.add(article.data.cluster);
  // articles is newest first, so each list is too.
  const members = new Map<number, Article[]>();
  for (const article of articles) {
    const id = article.data.cluster ?? (named.has(article.data.id) ? article.data.id : null);
    if (id !== null) (members.get(id) ?? members.set(id, []).get(id)!).push(article);
  }
  const stories: StoryInfo[] = [];
  for (const [id, list] of members) {
    // A story whose first article was removed keeps its id and page, led by its oldest remaining article.
    const lead = byNumber.get(id) ?? list[list.length - 1];
    if (!lead || list.length < 2) continue;
    stories.push({ id, path: routes.story(id), lead, members: list });
  }
  return stories.sort((a, b) => a.id - b.id);
}
