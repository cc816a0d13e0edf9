import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-write.ts';
import { dirname } from 'node:path';
import { GleanerError } from '../errors.ts';
import type { SitePaths } from '../paths.ts';
import { hasManifest } from './manifest.ts';

// Where a site's lead images live, as a committed fact of the site (data/media/store.json):
// "git" (under media/, committed: the default, and what a missing file means) or "bucket" (in the
// deploy's bucket under media/<name>, tracked by the media manifest). npm run media switches it.

export type MediaStore = 'git' | 'bucket';

export function readMediaStore(paths: SitePaths): MediaStore {
  if (!existsSync(paths.mediaStore)) return 'git';
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(paths.mediaStore, 'utf8'));
  } catch (error) {
    throw new GleanerError('E_MEDIA_STORE', `${paths.mediaStore} is not JSON (${(error as Error).message}): it should read {"version": 1, "store": "git"} or "bucket"`);
  }
  const store = (parsed as { store?: unknown } | null)?.store;
  if (store !== 'git' && store !== 'bucket') throw new GleanerError('E_MEDIA_STORE', `${paths.mediaStore}: "store" must be "git" or "bucket" (got ${JSON.stringify(store)})`);
  return store;
}

export function writeMediaStore(paths: SitePaths, store: MediaStore): void {
  mkdirSync(dirname(paths.mediaStore), { recursive: true });
  writeFileAtomic(paths.mediaStore, `${JSON.stringify({ version: 1, store }, null, 2)}\n`);
}

/**
 * Whether the bucket holds lead images the build folder does not: the site is in bucket mode, or
 * a switch either way is under way (a manifest exists). The deploy then leaves media/ alone.
 */
export function bucketHoldsMedia(paths: SitePaths): boolean {
  return readMediaStore(paths) === 'bucket' || hasManifest(paths);
}
