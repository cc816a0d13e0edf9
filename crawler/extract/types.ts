import type { ArticleFields } from '../article/schema.ts';
import type { PageNames } from '../url/source-name.ts';
import type { SiteRule, SiteRuleOutcome } from './site-rule.ts';

export type FeedType = 'rss' | 'atom' | 'json';

export interface FeedLink {
  url: string;
  type: FeedType;
  title: string | null;
}

export interface LeadImage {
  url: string;
  alt: string | null;
}

/** Which limit stopped extraction before it started (see `ExtractOptions`). */
export type LimitReason = 'max_input_chars' | 'max_elements' | 'max_depth';

/** The page's article: the article's metadata fields (article/schema.ts) as the page gives them, and what only extraction knows. */
export type ExtractedPage = Pick<ArticleFields, 'title' | 'description' | 'publishedAt' | 'modifiedAt' | 'lang' | 'siteName' | 'favicon' | 'wordCount'> & {
  /** Article body as a reader sees it under the headline: no headline, no byline; "\n\n" between blocks. */
  text: string;
  /** Body HTML (not sanitized: cleaning is a later stage), no headline. */
  html: string;
  /** Authors joined for display (the article's author). */
  byline: string | null;
  authors: string[];
  /** What the page says its site is called: og:site_name, application-name, its <title>'s suffix (store/source-names.ts). */
  names: PageNames;
  /** The image the page declares (images/ turns it into the article's LeadImage). */
  image: LeadImage | null;
  /** The canonical URL the page declares, as written. */
  canonicalUrl: string | null;
  feeds: FeedLink[];
  /** Which path produced the body: 'rule' (the site's extraction rule), 'readability', 'json-ld', 'container', 'density', 'fallback' or 'none'. */
  strategy: string;
  /** What the site's extraction rule did, when one applied. */
  rule?: SiteRuleOutcome;
  /** Why the body is empty when `strategy` is 'none': a tripped limit, 'no_article', or 'internal_error' (a bug). */
  reason?: LimitReason | 'no_article' | 'internal_error';
};

/**
 * Bounds that keep extraction cheap on hostile input. They are checked by one linear scan before
 * parsing (depth once more right after it); when one trips, `extractPage` returns an empty body
 * with `strategy: 'none'` and the limit's name in `reason`. Below them, every stage is linear or
 * close to it, except Readability, which is skipped for pages over 15,000 elements after pruning
 * (the linear strategies take over). Measured worst cases just under the defaults: about 2 s.
 */
export interface ExtractOptions {
  /**
   * Largest input accepted, in UTF-16 code units (≈ bytes for mostly-ASCII HTML). Default 5,000,000:
   * real article pages are rarely over 2 MB, and linkedom needs about 0.5 s per 5 MB.
   */
  maxInputChars?: number;
  /**
   * Most markup tokens accepted, counted before parsing: tags, comments and stray "<" (each becomes
   * a node). Default 60,000: article pages have a few thousand, heavy ones 20,000; past that,
   * parsing and extraction take seconds.
   */
  maxElements?: number;
  /**
   * Deepest element nesting accepted, estimated before parsing and checked after it. Default 400:
   * browsers flatten past 512, and Readability recurses once per level.
   */
  maxDepth?: number;
  /** Language used when neither the markup nor detection gives one. Default null. */
  defaultLang?: string | null;
  /** The page's site extraction rule (config.extraction): selectors to remove, and to take as the body. */
  rule?: SiteRule | null;
}

export const DEFAULT_LIMITS = {
  maxInputChars: 5_000_000,
  maxElements: 60_000,
  maxDepth: 400,
} as const;
