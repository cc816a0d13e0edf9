import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { hashFile, listFiles } from './files.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { REMOVED_MEDIA_FILE } from '../../site/builder/dist-state.ts';

export interface LocalFile {
  /** Relative to the build folder, forward slashes ('science/some-slug/index.html'). */
  path: string;
  size: number;
  /** Hex MD5 of the content: what S3 reports as the ETag of a single-part upload. */
  md5: string;
}

/** Editor and OS litter that never belongs on the site, temp files of an interrupted write, and the deploy's own state folder. */
const IGNORED = /(^|\/)(\.DS_Store|Thumbs\.db)$|\.tmp$|^\.gleaner\//;

export function md5File(path: string): Promise<string> {
  return hashFile(path, 'md5');
}

/** Every file of a build folder with its size and MD5, sorted by path. */
export async function scanBuild(dir: string, concurrency = 16): Promise<LocalFile[]> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new GleanerError('E_DEPLOY_DIR', `${dir} is not a folder; build the site first (npm run build) or pass --dir <build folder>`);
  }
  const paths = (await listFiles(dir)).filter((p) => !IGNORED.test(p)).sort();
  const queue = new PQueue({ concurrency });
  const files = await Promise.all(
    paths.map((path) =>
      queue.add(async () => {
        const full = join(dir, path);
        return { path, size: statSync(full).size, md5: await md5File(full) };
      }),
    ),
  );
  return files as LocalFile[];
}

/**
 * The build's own list of the site's files (dist/.gleaner/files.json, see site/builder/manifest.ts),
 * or null when the folder has none. A build that wrote only what changed leaves the unchanged
 * files out of dist/ but in this list: the deploy needs their MD5s, not their bytes.
 */
export function buildFileList(dir: string): LocalFile[] | null {
  const file = join(dir, '.gleaner', 'files.json');
  if (!existsSync(file)) return null;
  try {
    const list = JSON.parse(readFileSync(file, 'utf8')) as { files?: Record<string, { md5: string; size: number }> };
    if (!list.files) return null;
    return Object.entries(list.files)
      .map(([path, f]) => ({ path, size: f.size, md5: f.md5 }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } catch {
    return null;
  }
}

/** The taken-down lead images the build listed (dist/.gleaner/removed-media.json: names under media/), or none for a folder without the list. */
export function takenDownMedia(dir: string): string[] {
  const file = join(dir, '.gleaner', REMOVED_MEDIA_FILE);
  if (!existsSync(file)) return [];
  try {
    const names = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string' && !n.includes('/') && !n.startsWith('.')) : [];
  } catch {
    return [];
  }
}
