import { z } from 'zod';

// The contract between the crawler (which writes content/<topic>/<slug>.md) and the
// Astro site (which reads it through a content collection). Dates are ISO 8601 strings.

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

export const frontmatterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().default(''),
  /** The URL the article was fetched from (after redirects). */
  url: z.string(),
  /** The source's declared canonical URL, or the fetched URL. */
  canonical: z.string(),
  author: z.string().nullable().default(null),
  published: z.string().nullable().default(null),
  modified: z.string().nullable().default(null),
  fetched: z.string(),
  lang: z.string().default('en'),
  tags: z.array(z.string()).default([]),
  image: leadImageSchema.nullable().default(null),
  siteName: z.string().nullable().default(null),
  favicon: z.string().nullable().default(null),
  topic: z.string(),
  /** Stable page number within the topic, counted from the oldest article. */
  page: z.number().int().min(1),
  /** 0-based position within the topic in publication order. */
  position: z.number().int().min(0),
  /** When Gleaner published it: orders the home page and feeds. */
  publishedOnSite: z.string(),
  wordCount: z.number().int(),
  readingTime: z.number().int(),
  related: z.array(z.string()).default([]),
  /**
   * The story (cluster) it joined when published: the id of the story's first article, whose own
   * file may not name it (files are never rewritten when a later article joins). Null: none.
   */
  cluster: z.number().int().nullable().default(null),
  /** Its archived copy, served at /archive/<id>/ (see crawler/archive/); null: none was kept. */
  archive: z.string().regex(/^[0-9a-f]{16}$/).nullable().default(null),
});

export type Frontmatter = z.output<typeof frontmatterSchema>;
export type FrontmatterInput = z.input<typeof frontmatterSchema>;
