import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';
import { DATE_MS, heldMs, heldTime, OWN_TIME } from '../model/article-time.ts';
import { time } from '../model/dates.ts';

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
 * for Astro's child is what it was. The planning process holds one for every article: at 1,000,000
 * articles (bench:planner --scale) each of the fields below is 8 MB, and a date as a string ~40 MB.
 */
class LazyFrontmatter implements Facts {
  // Assigned one by one in one order: every instance has one shape, so reading a fact stays as
  // fast as on a parsed object (Object.assign gave instances slower, dictionary-like properties).
  id: number;
  siteName: string | null;
  // The source's date and the time found, each the article's own: held as a number where that
  // gives the same text back (`heldDate`), a string otherwise.
  #published: number | string | null;
  modified: string | null;
  #fetched: number | string;
  topic: string;
  page: number;
  position: number;
  publishedOnSite: string;
  cluster: number | null;
  // Its own time, once asked (site/model/article-time.ts): a field costs less than a weak map's entry.
  [OWN_TIME]: number | undefined = undefined;
  #key: string;
  // What loads the whole frontmatter by `#key` (one loader for every article, not a closure each), then the whole frontmatter.
  #rest: ((key: string) => Frontmatter) | Frontmatter;

  constructor(facts: Facts, key: string, load: (key: string) => Frontmatter) {
    this.id = facts.id;
    this.siteName = facts.siteName;
    this.#published = heldDate(facts.published);
    this.modified = facts.modified;
    this.#fetched = heldDate(facts.fetched);
    this.topic = facts.topic;
    this.page = facts.page;
    this.position = facts.position;
    this.publishedOnSite = facts.publishedOnSite;
    this.cluster = facts.cluster;
    this.#key = key;
    this.#rest = load;
  }

  get published(): string | null {
    return dateText(this.#published);
  }

  get fetched(): string {
    return dateText(this.#fetched);
  }

  [DATE_MS](field: 'published' | 'fetched'): number {
    const held = field === 'published' ? this.#published : this.#fetched;
    return typeof held === 'number' ? heldMs(held) : time(held);
  }

  whole(): Frontmatter {
    const rest = this.#rest;
    return typeof rest === 'function' ? (this.#rest = rest(this.#key)) : rest;
  }

  toJSON(): Frontmatter {
    return this.whole();
  }
}

/**
 * An ISO time as the publisher writes it (`2026-01-05T11:01:48.000Z`, the crawler's clock with its
 * milliseconds) as a number that gives its text back (heldTime: whole seconds, a small integer V8
 * holds in the field itself, where the text is a 40-byte string, or milliseconds); any other text
 * as it is. Read by hand: a regular expression, a parse and a check of the
 * text back took ~1 s a million dates.
 */
function heldDate<T extends string | null>(text: T): number | T {
  if (text === null || text.length !== 24 || text.charCodeAt(23) !== 90 /* Z */) return text;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':' || text[19] !== '.') return text;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const milli = digits(text, 20, 3);
  if (!(year >= 1970 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59 && milli >= 0)) return text;
  // Past the month's last day, Date.UTC would roll over into the next month.
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31)) return text;
  return heldTime(Date.UTC(year, month - 1, day, hour, minute, second, milli)) ?? text;
}

/** The number the `length` decimal digits of `text` at `at` write, NaN if one is not a digit. */
function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

function dateText<T extends string | null>(held: number | T): T | string {
  return typeof held === 'number' ? new Date(heldMs(held)).toISOString() : held;
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
