import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { checkOutFolders, offDiskFiles } from '../sparse-checkout.ts';
import type { LeadImage } from '../store/articles.ts';
import type { Database } from '../store/database.ts';
import { mediaInUse } from '../store/removals.ts';

/**
 * The files of a removed article's lead image that no other article shows: names are content
 * hashes, served flat from /media/, kept in media/<yyyy>/<mm>[-n]/ (publish/folders.ts), so each
 * name is looked for in every period folder (a handful a year), never by listing their files.
 */
export function unusedMediaFiles(db: Database, mediaDir: string, imageJson: string | null, exceptArticleId = 0): string[] {
  if (!imageJson) return [];
  const image = JSON.parse(imageJson) as LeadImage;
  const srcs = [...new Set([image.src, ...image.variants.map((v) => v.src)])].filter((src) => src.startsWith('/media/') && !mediaInUse(db, src, exceptArticleId));
  // In a sparse checkout, the folders holding these names are checked out first (found by name in git's index).
  const root = dirname(mediaDir);
  checkOutFolders(root, srcs.flatMap((src) => offDiskFiles(root, `:(glob)${relative(root, mediaDir).split(sep).join('/')}/*/*/${src.slice('/media/'.length)}`)));
  const folders = periodFolders(mediaDir);
  const files: string[] = [];
  for (const src of srcs) {
    const name = src.slice('/media/'.length);
    if (name.includes('/') || name.startsWith('.')) continue;
    for (const folder of folders) if (existsSync(join(folder, name))) files.push(join(folder, name));
    if (existsSync(join(mediaDir, name))) files.push(join(mediaDir, name));
  }
  return files;
}

function periodFolders(mediaDir: string): string[] {
  if (!existsSync(mediaDir)) return [];
  const out: string[] = [];
  for (const year of readdirSync(mediaDir)) {
    if (!/^\d{4}$/.test(year)) continue;
    for (const month of readdirSync(join(mediaDir, year))) if (/^\d{2}(-\d+)?$/.test(month)) out.push(join(mediaDir, year, month));
  }
  return out;
}
