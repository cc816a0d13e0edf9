import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../../../scripts/deploy/files.ts';

/** Every file of a built site, by path relative to dist/ (for byte-identity checks across builds). */
export async function snapshot(dist: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(dist);
  const entries = await Promise.all(files.map(async (f) => [f, await readFile(join(dist, f))] as const));
  return new Map(entries);
}

/** The file a site URL or path is served from ("/x/" → x/index.html). */
export function fileForUrl(dist: string, url: string): string {
  const path = decodeURIComponent(new URL(url, 'https://placeholder.invalid').pathname);
  return join(dist, path.endsWith('/') ? `${path}index.html` : path);
}

export function existsForUrl(dist: string, url: string): boolean {
  return existsSync(fileForUrl(dist, url));
}

export function readUrl(dist: string, url: string): Promise<string> {
  return readFile(fileForUrl(dist, url), 'utf8');
}
