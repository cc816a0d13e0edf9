import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// What a build copies of media/ (lead images and source icons, under content-hash names). Listing
// every file and comparing it with the manifest cost ~1.5 s at 100,000 articles (265,000 files)
// in every hourly build, though a run only adds files to a folder or two. So the build memory
// records each folder of media/ as it was listed: its signature (inode and modification time:
// adding, removing or renaming an entry changes it), its files and its subfolders. The next build
// reads only the folders whose signature changed, and takes their new files; a folder that lost a
// file, or a subfolder, asks for the whole listing (`added` is null), as a takedown does.
//
// A folder modified within RACY_MS of its recording is recorded without a signature, so it is read
// again next time: a file written in the same clock tick as the listing leaves the time unchanged.

export interface MediaFolder {
  /** `<inode>:<mtime ns>`, or '' when it is not to be trusted. */
  sig: string;
  files: string[];
  dirs: string[];
}

/** Folders relative to media/ ('' is media/ itself), with what was recorded of them. */
export interface RecordedMedia {
  /** Every recorded folder's signature and subfolders. */
  sigs: Map<string, { sig: string; dirs: string[] }>;
  /** One recorded folder's files. */
  files(folder: string): string[];
}

export interface MediaListing {
  /** Files relative to media/, sorted: every file (complete), or the new ones. */
  files: string[];
  complete: boolean;
  /** The folders read this time, to record. */
  read: Map<string, MediaFolder>;
  /** Recorded folders no longer on disk (a complete listing only). */
  gone: string[];
}

const RACY_MS = 2000;

function signature(dir: string, nowMs: number): string {
  const s = statSync(dir, { bigint: true });
  return nowMs - Number(s.mtimeMs) < RACY_MS ? '' : `${s.ino}:${s.mtimeNs}`;
}

function readFolder(media: string, folder: string, nowMs: number): MediaFolder | null {
  const dir = join(media, folder);
  let sig: string;
  let entries;
  try {
    sig = signature(dir, nowMs); // before the listing: an entry added after it changes the time again
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  const files: string[] = [];
  const dirs: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) dirs.push(e.name);
    else if (e.isFile()) files.push(e.name);
  }
  return { sig, files: files.sort(), dirs: dirs.sort() };
}

const under = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** Every folder of media/, read whole. */
export function listMediaWhole(media: string, recorded: RecordedMedia | null, nowMs: number): MediaListing {
  const read = new Map<string, MediaFolder>();
  const files: string[] = [];
  const walk = (folder: string) => {
    const found = readFolder(media, folder, nowMs);
    if (!found) return;
    read.set(folder, found);
    for (const f of found.files) files.push(under(folder, f));
    for (const d of found.dirs) walk(under(folder, d));
  };
  walk('');
  const gone = recorded ? [...recorded.sigs.keys()].filter((f) => !read.has(f)) : [];
  return { files: files.sort(), complete: true, read, gone };
}

/** The files added to media/ since `recorded`, reading only the folders whose signature changed; null when something else changed (a file or folder gone). */
export function listMediaAdded(media: string, recorded: RecordedMedia, nowMs: number): MediaListing | null {
  const read = new Map<string, MediaFolder>();
  const files: string[] = [];
  const walk = (folder: string): boolean => {
    const known = recorded.sigs.get(folder);
    let sig: string;
    try {
      sig = signature(join(media, folder), nowMs);
    } catch {
      return false; // a recorded folder is gone
    }
    if (known && known.sig !== '' && known.sig === sig) return known.dirs.every((d) => walk(under(folder, d)));
    const found = readFolder(media, folder, nowMs);
    if (!found) return false;
    if (known) {
      if (!known.dirs.every((d) => found.dirs.includes(d))) return false;
      const now = new Set(found.files);
      const before = recorded.files(folder);
      if (!before.every((f) => now.has(f))) return false;
      const had = new Set(before);
      for (const f of found.files) if (!had.has(f)) files.push(under(folder, f));
    } else {
      for (const f of found.files) files.push(under(folder, f));
    }
    read.set(folder, found);
    return found.dirs.every((d) => walk(under(folder, d)));
  };
  if (recorded.sigs.size === 0 || !walk('')) return null;
  return { files: files.sort(), complete: false, read, gone: [] };
}
