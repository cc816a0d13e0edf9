import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { crashpoint } from '../../crawler/crashpoint.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import type { MediaBucket } from './bucket.ts';
import { mediaFilesIn } from './local-files.ts';

/**
 * Uploads the lead images a crawl staged (.gleaner/media/) and removes each staged file once the
 * bucket holds its bytes. A failure leaves the rest staged: the next run uploads them first.
 */
export async function uploadStaged(paths: SitePaths, bucket: MediaBucket): Promise<{ uploaded: number; staged: number }> {
  const files = await mediaFilesIn(paths.mediaStaging);
  if (!files.length) return { uploaded: 0, staged: 0 };
  const before = await bucket.holding(files);
  const missing = files.filter((f) => !before.has(f.name));
  await bucket.put(paths.mediaStaging, missing);
  const held = await bucket.holding(files);
  for (const file of files) {
    if (!held.has(file.name)) continue;
    rmSync(join(paths.mediaStaging, file.path), { force: true });
    crashpoint('media:unstaged');
  }
  return { uploaded: missing.filter((f) => held.has(f.name)).length, staged: files.filter((f) => !held.has(f.name)).length };
}
