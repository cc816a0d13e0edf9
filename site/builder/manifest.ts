import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../crawler/atomic-write.ts';
import { emptyDataManifest, type DataManifest } from './data/index.ts';

// What the build remembers between runs (.gleaner/build/manifest.json; a CI cache keeps it):
// the fingerprint it rendered with, the key of every keyed page, search shard and data file, and
// every file of the complete site with its MD5 and size. The next build renders only what no
// longer matches; the deploy compares these MD5s with the bucket's and uploads only what differs,
// so neither needs the unchanged files on disk. dist/.gleaner/files.json carries the file list
// with the build, for the deploy.

export interface FileEntry {
  md5: string;
  size: number;
}

export interface BuildManifest {
  version: 2;
  /** Identifies this build (the deploy and the next build check dist/ belongs to it). */
  buildId: string;
  /** Code and config fingerprint the pages were rendered with; a different one means a cold build. */
  prefix: string;
  /** Keyed page file → key. */
  pages: Record<string, string>;
  /** Search bundle ("pagefind/s0001/") → key, and the files it wrote. */
  search: Record<string, { key: string; files: string[] }>;
  /** The data files in /data/ (data/index.ts). */
  data: DataManifest;
  /** Files that are rendered on every build (home, feeds, assets…), to remove those that are gone. */
  always: string[];
  /** Every file of the complete site. */
  files: Record<string, FileEntry>;
}

export function emptyManifest(prefix: string, buildId: string): BuildManifest {
  return { version: 2, buildId, prefix, pages: {}, search: {}, data: emptyDataManifest(), always: [], files: {} };
}

export function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function readManifest(file: string): BuildManifest | null {
  const manifest = readJson<BuildManifest>(file);
  return manifest?.version === 2 && manifest.files && manifest.pages && manifest.data ? manifest : null;
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(value));
}

/** The build's file list as dist/.gleaner/files.json holds it. */
export interface DistFiles {
  buildId: string;
  files: Record<string, FileEntry>;
}
