import type { Database } from './database.ts';
import type { LeadImage } from './articles.ts';

/** Who shows each saved media file: the source icons' files (relative to the site's root) and, by name, the article of each lead-image file. */
export function mediaOwners(db: Database): { icons: string[]; articleOf: Map<string, number> } {
  const icons = db.all<{ file: string }>('SELECT file FROM source_icons WHERE file IS NOT NULL').map((r) => r.file);
  const articleOf = new Map<string, number>();
  for (const row of db.all<{ id: number; image: string }>('SELECT id, image FROM articles WHERE image IS NOT NULL ORDER BY id')) {
    const image = JSON.parse(row.image) as LeadImage;
    for (const src of [image.src, ...image.variants.map((v) => v.src)]) if (src.startsWith('/media/')) articleOf.set(src.slice('/media/'.length), row.id);
  }
  return { icons, articleOf };
}
