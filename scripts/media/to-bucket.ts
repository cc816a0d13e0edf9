import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { crashpoint } from '../../crawler/crashpoint.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { appendEntries, manifestFile, readEntries, type MediaEntry } from '../../crawler/media/manifest.ts';
import { writeMediaStore } from '../../crawler/media/store-file.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { sha256File } from '../deploy/files.ts';
import type { MediaBucket, MediaFile } from './bucket.ts';
import { folderOf, mediaFilesIn } from './local-files.ts';

export interface MoveReport {
  /** Files the move concerned (lead images; icons stay in git). */
  files: number;
  /** Files that went over the wire this time (the rest were there already). */
  transferred: number;
}

/**
 * Moves the lead images under media/ to the bucket, in place: each file is uploaded (unless the
 * bucket holds its bytes), named in the manifest, and only then removed from disk; store.json
 * says "bucket" last. Source icons stay: the build serves their bytes (/sources/<host>/icon.webp).
 * Run again after a kill, it finishes the job.
 */
export async function moveToBucket(paths: SitePaths, bucket: MediaBucket, owners: { icons: string[]; articleOf: Map<string, number> }): Promise<MoveReport> {
  const icons = new Set(owners.icons);
  const files = (await mediaFilesIn(paths.media)).filter((f) => !icons.has(`media/${f.path}`));
  const before = await bucket.holding(files);
  const missing = files.filter((f) => !before.has(f.name));
  await bucket.put(paths.media, missing);
  const held = await bucket.holding(files);
  const left = files.filter((f) => !held.has(f.name));
  if (left.length) throw new GleanerError('E_DEPLOY_S3', `the bucket does not hold ${left.length} uploaded file(s) with their bytes (${left.slice(0, 3).map((f) => f.path).join(', ')}): run npm run media -- --to bucket again`);

  const byFolder = new Map<string, MediaFile[]>();
  for (const f of files) {
    const inFolder = byFolder.get(folderOf(f));
    if (inFolder) inFolder.push(f);
    else byFolder.set(folderOf(f), [f]);
  }
  for (const [folder, inFolder] of byFolder) {
    const file = manifestFile(paths, folder);
    const named = new Set(readEntries(file).map((e) => e.name));
    const entries: MediaEntry[] = [];
    for (const f of inFolder.filter((x) => !named.has(x.name))) {
      entries.push({ name: f.name, sha256: await sha256File(join(paths.media, f.path)), size: f.size, width: widthOf(f.name), article: owners.articleOf.get(f.name) ?? null });
    }
    appendEntries(file, entries);
    crashpoint('media:named');
  }
  for (const f of files) {
    rmSync(join(paths.media, f.path));
    crashpoint('media:removed');
  }
  writeMediaStore(paths, 'bucket');
  return { files: files.length, transferred: missing.length };
}

function widthOf(name: string): number {
  return Number(/-(\d+)\.\w+$/.exec(name)?.[1] ?? 0);
}
