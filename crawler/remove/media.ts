import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { checkOutFolders, offDiskFiles } from '../sparse-checkout.ts';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { mediaSrcsOf } from '../store/media-owners.ts';
import { mediaInUse } from '../store/removals.ts';

/**
 * The files of a removed article's lead image that no other article shows: names are content
 * hashes, served flat from /media/, kept in media/<yyyy>/<mm>[-n]/ (publish/folders.ts), so each
 * name is looked for in every period folder (a handful a year), never by listing their files. A
 * site whose images live in the bucket may still hold them in its staging folder (a crawl whose
 * upload failed): those go too, and its deploy deletes the bucket's copies (removedMediaNames).
 */
export function unusedMediaFiles(db: Database, paths: SitePaths, imageJson: string | null, exceptArticleId = 0): string[] {
  const srcs = mediaSrcsOf(imageJson).filter((src) => !mediaInUse(db, src, exceptArticleId));
  if (srcs.length === 0) return [];
  const mediaDir = paths.media;
  // In a sparse checkout, the folders holding these names are checked out first (found by name in git's index).
  const root = dirname(mediaDir);
  checkOutFolders(root, srcs.flatMap((src) => offDiskFiles(root, `:(glob)${relative(root, mediaDir).split(sep).join('/')}/*/*/${src.slice('/media/'.length)}`)));
  const folders = [...periodFolders(mediaDir), mediaDir, ...periodFolders(paths.mediaStaging)];
  const files: string[] = [];
  for (const src of srcs) {
    const name = src.slice('/media/'.length);
    if (name.includes('/') || name.startsWith('.')) continue;
    for (const folder of folders) if (existsSync(join(folder, name))) files.push(join(folder, name));
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
