import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ArchiveFile, ArchiveRecord } from '../store/archives.ts';

// What an archived copy is made of, decided without touching the disk: its id, the headers
// kept, its files with their hashes, and the manifest that describes it.

/** The response headers an archived copy keeps: what the bytes are, when they were current, which version. */
export const KEPT_HEADERS = ['content-type', 'last-modified', 'etag', 'date', 'content-language'] as const;

/** The file names of an archived copy; the HTML is kept gzipped, so no browser ever renders it as a page of the site. */
export const ARCHIVE_FILE_NAMES = { html: 'page.html.gz', screenshot: 'screenshot.png', pdf: 'page.pdf', manifest: 'manifest.json', index: 'index.html' } as const;

/** The id of a copy: the page's final URL and its bytes, so the same bytes archived twice are one copy. 16 hex digits. */
export function archiveId(finalUrl: string, body: Uint8Array): string {
  return createHash('sha256').update(finalUrl).update('\n').update(body).digest('hex').slice(0, 16);
}

export function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function describeFile(name: string, type: string, bytes: Uint8Array): ArchiveFile {
  return { name, type, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** manifest.json: everything the state records of the copy, beside its files. */
export function manifestJson(record: ArchiveRecord): string {
  const { urlId: _urlId, articleId: _articleId, ...rest } = record;
  return `${JSON.stringify({ ...rest, note: 'The HTML is the page as fetched, gzipped; open it only as text or in a sandbox: its scripts are the source site\'s, not this site\'s.' }, null, 2)}\n`;
}
