import type { FailureCode, RejectReason } from '../../../crawler/errors.ts';

export const TOPICS = ['space', 'climate', 'software'] as const;
export type TopicId = (typeof TOPICS)[number];

export const SITE_IDS = ['orbitalnotes', 'greenledger', 'bytesmith', 'dailyparallax'] as const;
export type SiteId = (typeof SITE_IDS)[number];

/** What every article-like thing of the sample web has: a real article, a trap page, a feed item. */
export interface ArticleMeta {
  topic: TopicId;
  title: string;
  author: string;
  date: Date;
  summary: string;
  tags: string[];
}

/** One article from scripts/dev/demo/articles/<topic>/NN-<slug>.md, rendered and placed on its site. */
export interface DemoArticle extends ArticleMeta {
  /** Path relative to the articles folder, e.g. "space/01-why-mars-dust-storms-grow.md". */
  file: string;
  site: SiteId;
  slug: string;
  bodyHtml: string;
  /** Plain text of the body, for search and word counts. */
  text: string;
  words: number;
  host: string;
  path: string;
  url: string;
  image: LeadImage;
}

export interface LeadImage {
  path: string;
  url: string;
  format: 'jpeg' | 'webp';
  alt: string;
  width: number;
  height: number;
  /** What the generated picture shows. */
  caption: string;
  /** Seed for colours and shapes. */
  seed: string;
}

/** Any page with an article layout: real articles and the trap pages built like them. */
export interface ArticlePage extends ArticleMeta {
  bodyHtml: string;
  url: string;
  path: string;
  image: LeadImage | null;
  /** Other articles of the site shown in the "related" block. */
  related: DemoArticle[];
  /** Teaser page behind a login wall: no comments, a subscribe box instead of the rest. */
  paywalled?: boolean;
  /** A banner above the title, e.g. "Draft: not for publication". */
  banner?: string;
}

export interface ListingPage {
  title: string;
  path: string;
  url: string;
  intro: string;
  items: ArticlePage[];
  /** Feeds advertised with <link rel="alternate">. */
  feeds: Array<{ href: string; type: string; title: string }>;
}

export type ManifestKind = 'article' | 'trap' | 'feed' | 'sitemap' | 'other';
export type ManifestFate = 'published' | 'rejected' | 'failed' | 'duplicate';
export type TrapId = 'tracking-params' | 'www-host' | 'syndicated' | 'too-short' | 'login-wall' | 'not-found' | 'redirect' | 'robots' | 'not-html';

export interface ManifestEntry {
  url: string;
  kind: ManifestKind;
  topic?: TopicId;
  /**
   * The URL's fate for a crawler with minWords 300. Meaningful for `article` and `trap`;
   * feeds, sitemaps and other URLs say `rejected`: they must never be published as articles.
   */
  expect: ManifestFate;
  note: string;
  /** The status a plain GET answers (redirects not followed). */
  status: number;
  /** The media type served, without parameters (absent for redirects). */
  contentType?: string;
  /** The rejection reason or failure code a crawler should record. */
  reason?: RejectReason | FailureCode;
  /** For duplicates: the URL of the article this one duplicates. */
  duplicateOf?: string;
  /** For redirects: where the chain ends. */
  finalUrl?: string;
  trap?: TrapId;
  /** The feeds, sitemaps and forum feed that list this URL (for filtering by configured sources). */
  foundIn: string[];
}

export interface ManifestArticle {
  url: string;
  title: string;
  topic: TopicId;
  site: SiteId;
  author: string;
  published: string;
  summary: string;
  tags: string[];
  words: number;
  image: string;
}

export interface ForumLink {
  url: string;
  /** Inside <blockquote>, <aside class="quote"> or a BBCode [quote]. */
  quoted: boolean;
}

export interface ForumManifest {
  feed: string;
  posts: Array<{ guid: string; link: string; author: string; title: string; links: ForumLink[] }>;
  /** Article URLs that appear in the forum only inside quotes. */
  quotedOnly: string[];
  /** Article URLs that appear both inside and outside quotes. */
  quotedAndUnquoted: string[];
  /** What setForumVersion(2) changes: one post gains a link; every other item stays byte-identical. */
  version2: { guid: string; addedLink: string };
}

export interface SampleManifest {
  /** Every URL the sample web exposes to a crawler, with its expected fate. */
  urls: ManifestEntry[];
  /** The canonical set a crawler should publish. */
  articles: ManifestArticle[];
  forum: ForumManifest;
  /** The search stub's endpoint, e.g. "http://search.test/search". */
  search: string;
}
