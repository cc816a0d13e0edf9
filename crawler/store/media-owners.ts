import type { Database } from './database.ts';
import type { LeadImage } from './articles.ts';

/** Who shows each saved media file: the source icons' files (relative to the site's root) and, by name, the article of each lead-image file. */
export function mediaOwners(db: Database): { icons: string[]; articleOf: Map<string, number> } {
  const icons = db.all<{ file: string }>('SELECT file FROM source_icons WHERE file IS NOT NULL').map((r) => r.file);
  const articleOf = new Map<string, number>();
  for (const row of db.all<{ id: number; image: string }>('SELECT id, image FROM articles WHERE image IS NOT NULL ORDER BY id')) {
    for (const src of mediaSrcsOf(row.image)) articleOf.set(src.slice('/media/'.length), row.id);
  }
  return { icons, articleOf };
}

/** The /media/ paths a stored lead image names (its src and every width's), each once. */
export function mediaSrcsOf(imageJson: string | null): string[] {
  if (!imageJson) return [];
  const image = JSON.parse(imageJson) as LeadImage;
  return [...new Set([image.src, ...image.variants.map((v) => v.src)])].filter((src) => src.startsWith('/media/'));
}
