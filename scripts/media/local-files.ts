import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../deploy/files.ts';
import { md5File } from '../deploy/local-files.ts';
import type { MediaFile } from './bucket.ts';

/** A file in a period folder of a media base: <yyyy>/<mm>[-n]/<name>. */
const PERIOD_FILE = /^\d{4}\/\d{2}(-\d+)?\/[^/]+$/;

/** The media files in the period folders under `base` (media/ or the staging folder), temp files of an interrupted write left out. */
export async function mediaFilesIn(base: string): Promise<MediaFile[]> {
  if (!existsSync(base)) return [];
  const paths = (await listFiles(base)).filter((p) => PERIOD_FILE.test(p) && !p.endsWith('.tmp')).sort();
  const out: MediaFile[] = [];
  for (const path of paths) {
    const full = join(base, path);
    out.push({ name: path.slice(path.lastIndexOf('/') + 1), path, size: statSync(full).size, md5: await md5File(full) });
  }
  return out;
}

/** "2026/03-2" of "2026/03-2/<name>". */
export function folderOf(file: MediaFile): string {
  return file.path.slice(0, file.path.lastIndexOf('/'));
}
