import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFileAtomic } from '../atomic-write.ts';
import type { ArchiveFile, ArchiveRecord } from '../store/archives.ts';
import { archiveIndexPage } from './index-page.ts';
import { ARCHIVE_FILE_NAMES, describeFile, manifestJson } from './manifest.ts';

// Writes one archived copy under <archive>/<id>/: the gzipped HTML, the screenshot and PDF when
// there are any, manifest.json and index.html. Files are written whole (temp file, rename), so a
// killed run leaves a copy complete or absent; the state's row is written by the caller after.

export interface ArchiveContent {
  html: Buffer;
  screenshot: Buffer | null;
  pdf: Buffer | null;
}

export function writeArchive(dir: string, record: Omit<ArchiveRecord, 'files'>, content: ArchiveContent, siteTitle: string): ArchiveRecord {
  const folder = join(dir, record.id);
  mkdirSync(folder, { recursive: true });
  // mtime 0 and no name: the same page gzips to the same bytes every time.
  const parts: Array<[string, string, Buffer | null]> = [
    [ARCHIVE_FILE_NAMES.html, 'application/gzip', gzipSync(content.html, { level: 9 })],
    [ARCHIVE_FILE_NAMES.screenshot, 'image/png', content.screenshot],
    [ARCHIVE_FILE_NAMES.pdf, 'application/pdf', content.pdf],
  ];
  const files: ArchiveFile[] = [];
  for (const [name, type, bytes] of parts) {
    if (!bytes) continue;
    writeFileAtomic(join(folder, name), bytes);
    files.push(describeFile(name, type, bytes));
  }
  const complete: ArchiveRecord = { ...record, files };
  writeFileAtomic(join(folder, ARCHIVE_FILE_NAMES.manifest), manifestJson(complete));
  writeFileAtomic(join(folder, ARCHIVE_FILE_NAMES.index), archiveIndexPage(complete, siteTitle));
  return complete;
}
