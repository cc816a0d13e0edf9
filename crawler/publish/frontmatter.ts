import { z } from 'zod';
import { articleSchema } from '../article/schema.ts';

export { imageVariantSchema, leadImageSchema } from '../article/schema.ts';

// The contract between the crawler (which writes content/<topic>/<yyyy>/<mm>/<slug>.md) and the
// site (which reads it: publish/article-file.ts). Its keys, in file order, name the article's
// fields (article/schema.ts) and take their validators; defaults read older files. Dates are
// ISO 8601 strings.

const field = articleSchema.shape;

export const frontmatterSchema = z.object({
  id: field.id,
  title: field.title,
  /** The source's description, or the excerpt. */
  description: field.description.unwrap().default(''),
  url: field.sourceUrl,
  canonical: field.canonicalUrl,
  author: field.author.default(null),
  published: field.publishedAt.default(null),
  modified: field.modifiedAt.default(null),
  fetched: field.fetchedAt,
  lang: field.lang.unwrap().default('en'),
  tags: field.tags.default([]),
  image: field.image.default(null),
  siteName: field.siteName.default(null),
  favicon: field.favicon.default(null),
  /** The topic's slug. */
  topic: z.string(),
  page: field.page.unwrap(),
  position: field.position.unwrap(),
  publishedOnSite: field.publishedOnSite.unwrap(),
  wordCount: field.wordCount,
  readingTime: field.readingTime,
  related: field.related.default([]),
  cluster: field.clusterId.default(null),
  /** Its archived copy, served at /archive/<id>/ (see crawler/archive/); null: none was kept. */
  archive: z.string().regex(/^[0-9a-f]{16}$/).nullable().default(null),
});

export type Frontmatter = z.output<typeof frontmatterSchema>;
export type FrontmatterInput = z.input<typeof frontmatterSchema>;
