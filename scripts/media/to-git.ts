import { createHash } from 'node:crypto';
import PQueue from 'p-queue';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../crawler/atomic-write.ts';
import { crashpoint } from '../../crawler/crashpoint.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { manifestFile, manifestFolders, readEntries } from '../../crawler/media/manifest.ts';
import { writeMediaStore } from '../../crawler/media/store-file.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { DEFAULTS } from '../deploy/settings.ts';
import type { MediaBucket } from './bucket.ts';
import type { MoveReport } from './to-bucket.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function bytesIf(path: string, hash: string): Buffer | null {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  return sha256(bytes) === hash ? bytes : null;
}

/**
 * Brings every lead image the manifest names back to media/<yyyy>/<mm>[-n]/ (from the staging
 * folder when a run left it there, else from the bucket), each checked against its SHA-256
 * before it is written (but those of taken-down articles, `takenDown`: the deploy deleted them);
 * then store.json says "git" and the manifest goes. The bucket keeps its
 * copies (the next deploy removes those the site no longer serves). Run again after a kill, it
 * finishes the job.
 */
export async function moveToGit(paths: SitePaths, bucket: MediaBucket, takenDown: ReadonlySet<string> = new Set(), concurrency = DEFAULTS.concurrency): Promise<MoveReport> {
  const report: MoveReport = { files: 0, transferred: 0 };
  const folders = manifestFolders(paths);
  // Downloads side by side, as the uploads go (each file written whole, so a kill loses none).
  const queue = new PQueue({ concurrency });
  const tasks: Array<Promise<void>> = [];
  for (const folder of folders) {
    for (const entry of readEntries(manifestFile(paths, folder))) {
      if (takenDown.has(entry.name)) continue;
      report.files++;
      const target = join(paths.media, folder, entry.name);
      if (bytesIf(target, entry.sha256)) continue;
      tasks.push(queue.add(async () => {
        let bytes = bytesIf(join(paths.mediaStaging, folder, entry.name), entry.sha256);
        if (!bytes) {
          bytes = await bucket.get(entry.name);
          report.transferred++;
          if (sha256(bytes) !== entry.sha256) throw new GleanerError('E_DEPLOY_S3', `media/${entry.name} in the bucket is not the file the manifest names (${manifestFile(paths, folder)}: SHA-256 ${entry.sha256}); nothing was switched`);
        }
        mkdirSync(dirname(target), { recursive: true });
        writeFileAtomic(target, bytes);
        crashpoint('media:restored');
      }));
    }
  }
  await Promise.all(tasks);
  writeMediaStore(paths, 'git');
  crashpoint('media:switched');
  for (const folder of folders) rmSync(manifestFile(paths, folder), { force: true });
  rmSync(paths.mediaStaging, { recursive: true, force: true });
  return report;
}
