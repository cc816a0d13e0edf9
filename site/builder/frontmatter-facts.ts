import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';
import { OWN_TIME, OWN_TIME_FOUND } from '../model/article-time.ts';

// The planning process reads every article to build the site index, but the whole-site passes
// (ordering, archive pages, tags, stories, related articles, days, sitemaps, page keys) read only
// a few fields of each. The build memory keeps those fields apart (`facts`), and an article's
// frontmatter is loaded whole only when something reads one of the others: a page being
// rendered, a search record, a feed item: in an hourly build of the 10,000-article bench site,
// 1,060 of 10,298 (the feeds and the pages rendered), and loading took 0.35 s instead of 0.56 s.

/**
 * The fields a whole-site pass reads. A title, an address or the tags as spelled are read only for
 * what is rendered or keyed (cards, pages, feeds, search records): they are loaded with the rest
 * (the index takes the host and the tags as the facts are loaded). For the title, an hourly build
 * of 103,096 articles loaded 1,324 frontmatters instead of 1,014, and holds ~0.08 KB an article
 * less; the address was ~0.1 KB.
 */
const FACT_FIELDS = ['id', 'siteName', 'published', 'modified', 'fetched', 'topic', 'page', 'position', 'publishedOnSite', 'cluster'] as const satisfies ReadonlyArray<keyof Frontmatter>;

type FactField = (typeof FACT_FIELDS)[number];
export type Facts = Pick<Frontmatter, FactField>;

/**
 * What the build memory stores: the facts, the address, the tags and the related ids (read for the
 * index as the facts are loaded, content-index.ts, and not held: the index resolves the related
 * ids to articles once), and the title, which versions before this one read as a fact. The CI
 * cache restores the newest memory whatever the code, so a site that goes back to such a version
 * still finds them.
 */
const STORED_FIELDS = [...FACT_FIELDS, 'related', 'title', 'url', 'tags'] as const satisfies ReadonlyArray<keyof Frontmatter>;
export type StoredFacts = Pick<Frontmatter, (typeof STORED_FIELDS)[number]>;

/** The facts of a frontmatter, as the build memory stores them (JSON). */
export function factsJson(data: Frontmatter): string {
  const facts: Record<string, unknown> = {};
  for (const field of STORED_FIELDS) facts[field] = data[field];
  return JSON.stringify(facts);
}

/**
 * A frontmatter that holds its facts and loads the rest (`load`: the whole frontmatter) the first
 * time another field is read. JSON.stringify writes it whole (toJSON), so the page data written
 * for Astro's child is what it was.
 */
class LazyFrontmatter implements Facts {
  // Assigned one by one in one order: every instance has one shape, so reading a fact stays as
  // fast as on a parsed object (Object.assign gave instances slower, dictionary-like properties).
  id: number;
  siteName: string | null;
  published: string | null;
  modified: string | null;
  fetched: string;
  topic: string;
  page: number;
  position: number;
  publishedOnSite: string;
  cluster: number | null;
  // Its own time, once asked (site/model/article-time.ts): a field costs less than a weak map's entry.
  [OWN_TIME]: number | undefined = undefined;
  [OWN_TIME_FOUND]: boolean | undefined = undefined;
  // What loads the rest, and the key it loads by: one loader for every article, not a closure each.
  #load: ((key: string) => Frontmatter) | null;
  #key: string;
  #whole: Frontmatter | null = null;

  constructor(facts: Facts, key: string, load: (key: string) => Frontmatter) {
    this.id = facts.id;
    this.siteName = facts.siteName;
    this.published = facts.published;
    this.modified = facts.modified;
    this.fetched = facts.fetched;
    this.topic = facts.topic;
    this.page = facts.page;
    this.position = facts.position;
    this.publishedOnSite = facts.publishedOnSite;
    this.cluster = facts.cluster;
    this.#key = key;
    this.#load = load;
  }

  whole(): Frontmatter {
    if (this.#whole === null) {
      this.#whole = this.#load!(this.#key);
      this.#load = null;
    }
    return this.#whole;
  }

  toJSON(): Frontmatter {
    return this.whole();
  }
}

const OTHER_FIELDS = ['title', 'url', 'tags', 'related', 'description', 'canonical', 'author', 'lang', 'image', 'favicon', 'wordCount', 'readingTime', 'archive'] as const satisfies ReadonlyArray<Exclude<keyof Frontmatter, FactField>>;
// A field the frontmatter gains must be named above or among the facts: this fails to compile until it is.
const everyField: [Exclude<keyof Frontmatter, FactField | (typeof OTHER_FIELDS)[number]>] extends [never] ? true : never = true;
void everyField;

for (const field of OTHER_FIELDS) {
  Object.defineProperty(LazyFrontmatter.prototype, field, {
    get(this: LazyFrontmatter) {
      return this.whole()[field];
    },
  });
}

/** A frontmatter from its facts, the rest loaded by `load(key)` when first read. */
export function lazyFrontmatter(facts: Facts, key: string, load: (key: string) => Frontmatter): Frontmatter {
  return new LazyFrontmatter(facts, key, load) as unknown as Frontmatter;
}
