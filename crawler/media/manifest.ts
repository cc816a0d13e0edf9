import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, fstatSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SitePaths } from '../paths.ts';

// The media manifest: every lead image the bucket holds for the site, without its bytes. One
// JSON line per file, in one small file per media period folder (data/media/<yyyy>/<mm>[-n].jsonl
// for what git mode keeps in media/<yyyy>/<mm>[-n]/, at most FOLDER_LIMIT files each), appended
// by the run or switch that put the file in the bucket: no file grows with the whole site.

export interface MediaEntry {
  /** The file's name, its URL's last part: /media/<name>. */
  name: string;
  sha256: string;
  size: number;
  width: number;
  /** The article that shows it (its id in the state), when one does. */
  article: number | null;
}

/** A period folder ("2026/03", "2026/03-2") of a path under a media base (media/ or the staging folder). */
export function periodFolderOf(base: string, dir: string): string {
  return relative(base, dir).split(sep).join('/');
}

export function manifestFile(paths: SitePaths, folder: string): string {
  return join(paths.mediaManifest, `${folder}.jsonl`);
}

/** Appends entries; a line torn by a kill is closed first, so it spoils only itself. */
export function appendEntries(file: string, entries: MediaEntry[]): void {
  if (!entries.length) return;
  mkdirSync(dirname(file), { recursive: true });
  const lines = entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
  appendFileSync(file, endsMidLine(file) ? `\n${lines}` : lines);
}

function endsMidLine(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** A manifest file's entries, one per name (the last line of a name wins); torn lines are skipped. */
export function readEntries(file: string): MediaEntry[] {
  if (!existsSync(file)) return [];
  const byName = new Map<string, MediaEntry>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as MediaEntry;
      if (typeof entry.name === 'string' && typeof entry.sha256 === 'string') byName.set(entry.name, entry);
    } catch {
      // A line a killed run tore: the run that wrote it did not finish, and the next one writes it again.
    }
  }
  return [...byName.values()];
}

/** Every period folder the manifest has a file for, oldest first. */
export function manifestFolders(paths: SitePaths): string[] {
  if (!existsSync(paths.mediaManifest)) return [];
  const out: string[] = [];
  for (const year of readdirSync(paths.mediaManifest).filter((y) => /^\d{4}$/.test(y)).sort()) {
    for (const file of readdirSync(join(paths.mediaManifest, year)).sort()) {
      const match = /^(\d{2}(-\d+)?)\.jsonl$/.exec(file);
      if (match) out.push(`${year}/${match[1]}`);
    }
  }
  return out;
}

export function hasManifest(paths: SitePaths): boolean {
  return manifestFolders(paths).length > 0;
}
