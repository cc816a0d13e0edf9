import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SitePaths } from '../paths.ts';
import { entriesIn } from '../publish/folders.ts';
import type { LeadImage } from '../store/articles.ts';
import { appendEntries, manifestFile, periodFolderOf, readEntries, type MediaEntry } from './manifest.ts';

// A lead image made in bucket mode: its files wait in the staging folder (.gleaner/media/) until
// the crawl command uploads them (scripts/media/upload-staged.ts), and the manifest names them
// from the moment they are saved, with the article that shows them.

/**
 * Records the variants of `image`, saved in the staging folder `dir`, in the manifest. `bytesOf`
 * gives a variant's bytes by file name: read back from `dir` unless the caller holds them.
 */
export function recordStagedImage(paths: SitePaths, dir: string, image: Pick<LeadImage, 'variants'>, articleId: number, bytesOf: (name: string) => Uint8Array = (name) => readFileSync(join(dir, name))): void {
  const entries: MediaEntry[] = image.variants.map((variant) => {
    const name = variant.src.slice(variant.src.lastIndexOf('/') + 1);
    const bytes = bytesOf(name);
    return { name, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength, width: variant.width, article: articleId };
  });
  appendEntries(manifestFile(paths, periodFolderOf(paths.mediaStaging, dir)), entries);
}

/**
 * How full a media folder is, for the folder allocator: a staging folder empties as its files
 * go up, so it counts the files its manifest names; any other folder, its entries on disk.
 */
export function mediaEntryCounter(paths: SitePaths): (dir: string) => number {
  return (dir) => (dir.startsWith(paths.mediaStaging) ? readEntries(manifestFile(paths, periodFolderOf(paths.mediaStaging, dir))).length : entriesIn(dir));
}
