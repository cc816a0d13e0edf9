import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { offDiskNamesIn } from '../sparse-checkout.ts';

// Published files go into period folders: content/<topic>/<yyyy>/<mm>/ and media/<yyyy>/<mm>/.
// A run adds files to the newest folder only, so git rewrites one small tree per run, and no
// folder outgrows what GitHub handles well (3,000 entries): a month that fills its folder goes on
// in <mm>-2, <mm>-3… Where a file went is recorded (articles.file; image names are content
// hashes, served flat from /media/), so nothing depends on guessing the folder back.

/** A folder takes no more entries than this (GitHub advises at most 3,000 per directory). */
export const FOLDER_LIMIT = 2500;

/** "yyyy/mm" of an ISO time, in UTC. */
export function period(iso: string): string {
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}`;
}

/**
 * Hands out period folders under one parent, counting what is already in each and what it has
 * handed out. One allocator per run (or per upgrade) and parent folder kind.
 */
export class FolderAllocator {
  private readonly counts = new Map<string, number>();

  private readonly countEntries: (dir: string) => number;

  /** `countEntries` is how many entries a folder holds now (default: read it from disk). */
  constructor(countEntries: (dir: string) => number = entriesIn) {
    this.countEntries = countEntries;
  }

  /** The folder (`<base>/<yyyy>/<mm>` or `<base>/<yyyy>/<mm>-<n>`) where the next `entries` files of period `iso` go. */
  place(base: string, iso: string, entries = 1): string {
    const p = period(iso);
    for (let n = 1; ; n++) {
      const dir = join(base, n === 1 ? p : `${p}-${n}`);
      let count = this.counts.get(dir);
      if (count === undefined) this.counts.set(dir, (count = this.countEntries(dir)));
      if (count < FOLDER_LIMIT) {
        this.counts.set(dir, count + entries);
        return dir;
      }
    }
  }
}

export function entriesIn(dir: string): number {
  // With the files git tracks there that a sparse checkout left off disk: a full folder stays full.
  return (existsSync(dir) ? readdirSync(dir).length : 0) + offDiskNamesIn(dir).length;
}
