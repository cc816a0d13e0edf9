import { z } from 'zod';

// An article's fields, defined once. Every shape of an article derives from this one object:
//   extract/types.ts      ExtractedPage     the page's metadata fields (Pick), plus what extraction alone knows
//   process/process-page  ArticleCandidate  the fields the page carries into the state (CARRIED_FIELDS), plus the page's own
//   store/articles.ts     ArticleRecord     what is stored (Omit placement), and the one row ⇄ article mapping:
//                                           each field's column is its name in snake_case (ArticleRow)
//   publish/frontmatter   Frontmatter       the published fields, in file order, with these validators
//   site/model            Article           the frontmatter (data) with the site's own lookups
// Adding a field: one line here, then the places that compute it (and a migration for its column).

export const imageVariantSchema = z.object({ src: z.string(), width: z.number().int(), format: z.string() });

export const leadImageSchema = z.object({
  /** Largest local variant (site-absolute path such as /media/ab12…-1024.webp), or the remote URL if not processed. */
  src: z.string(),
  alt: z.string().default(''),
  width: z.number().int().nullable().default(null),
  height: z.number().int().nullable().default(null),
  variants: z.array(imageVariantSchema).default([]),
  /** The original image URL on the source site. */
  original: z.string().nullable().default(null),
});

export type LeadImage = z.output<typeof leadImageSchema>;

export const articleStatusSchema = z.enum(['ready', 'publishing', 'published']);
export type ArticleStatus = z.output<typeof articleStatusSchema>;

export const articleSchema = z.object({
  id: z.number().int(),
  urlId: z.number().int(),
  topicId: z.number().int(),
  status: articleStatusSchema,
  slug: z.string().nullable(),
  /** Headline: JSON-LD headline / og:title / <h1> / <title>, site-name suffix stripped. */
  title: z.string(),
  description: z.string().nullable(),
  excerpt: z.string(),
  /** Authors joined for display. */
  author: z.string().nullable(),
  /** ISO 8601, timezone kept as the page gives it. */
  publishedAt: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  fetchedAt: z.string(),
  lang: z.string().nullable(),
  siteName: z.string().nullable(),
  favicon: z.string().nullable(),
  /** The URL the article was fetched from (after redirects). */
  sourceUrl: z.string(),
  /** The source's declared canonical URL, or the fetched URL. */
  canonicalUrl: z.string(),
  image: leadImageSchema.nullable(),
  wordCount: z.number().int(),
  readingTime: z.number().int(),
  /** The body until the article is published; null afterwards (its file holds it). */
  markdown: z.string().nullable(),
  contentHash: z.string(),
  /** The MinHash signature (dedup/signature-codec.ts). */
  minhash: z.custom<Uint8Array>((value) => value instanceof Uint8Array).nullable(),
  /** Which extraction path produced the body (extract/types.ts). */
  strategy: z.string().nullable(),
  /** Stable page number within the topic, counted from the oldest article; null until placed. */
  page: z.number().int().min(1).nullable(),
  /** 0-based position within the topic in publication order; null until placed. */
  position: z.number().int().min(0).nullable(),
  /** When Gleaner published it: orders the home page and feeds. */
  publishedOnSite: z.string().nullable(),
  /** Related pages ("<topic>/<slug>"). */
  related: z.array(z.string()),
  /** content/<topic>/<yyyy>/<mm>/<slug>.md, relative to the site's root, once placed. */
  file: z.string().nullable(),
  /** The top content words with their counts, most frequent first (related-article choice). */
  terms: z.array(z.tuple([z.string(), z.number()])),
  /**
   * The story (cluster) it joined when published: the id of the story's first article, whose own
   * file may not name it (files are never rewritten when a later article joins). Null: none.
   */
  clusterId: z.number().int().nullable(),
  /** Tag names (the state files them in article_tags, not in a column). */
  tags: z.array(z.string()),
});

/** An article with every field: what the state holds of it, decoded. */
export type ArticleFields = z.output<typeof articleSchema>;

const PLACEMENT = ['id', 'status', 'slug', 'page', 'position', 'publishedOnSite', 'related', 'file', 'clusterId'] as const satisfies ReadonlyArray<keyof ArticleFields>;

/** Fields set by the state (id, status) or when the publisher places an article, not when it is stored. */
export type PlacementField = (typeof PLACEMENT)[number];
export const PLACEMENT_FIELDS: ReadonlySet<keyof ArticleFields> = new Set(PLACEMENT);

/** Fields a processed page carries into the state as they are (pipeline/accept.ts copies them). */
export const CARRIED_FIELDS = [
  'title', 'description', 'excerpt', 'author', 'publishedAt', 'modifiedAt', 'lang', 'siteName', 'favicon', 'wordCount', 'readingTime', 'markdown', 'contentHash', 'strategy', 'tags',
] as const satisfies ReadonlyArray<keyof ArticleFields>;

export type CarriedField = (typeof CARRIED_FIELDS)[number];

/** An article as the crawler stores it (store/articles.ts insertArticle): every field but its placement, the body still with it. */
export type ArticleRecord = Omit<ArticleFields, PlacementField | 'markdown'> & { markdown: string };
