import { linkSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A lead image into dist/: a hard link where the two folders share a disk (its name is its
 * content's hash, and nothing writes either file in place: git replaces a file it changes), so a
 * cold build of a site with its images in git does not write them all a second time; else a copy.
 */
export function placeMediaFile(from: string, to: string, bytes: Uint8Array): void {
  // A file already there may itself be a link: replaced, never written through (that would write into media/).
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, bytes);
  }
}
