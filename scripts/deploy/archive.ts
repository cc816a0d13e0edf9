import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { readFile } from 'node:fs/promises';
import PQueue from 'p-queue';
import { scanBuild, type LocalFile } from './local-files.ts';
import { ARCHIVE_DIR, STATE_DIR } from './plan.ts';
import { CACHE_CONTROL, contentTypeOf } from './object-headers.ts';
import { s3Call } from './remote-listing.ts';

// Archived copies (the site root's archive/<id>/, written by the crawler, never in git or in the
// build) go to the bucket under archive/<id>/. Add-only: a CI runner starts without the folder,
// so a copy missing locally is no reason to delete it; the bucket's list of what was uploaded
// (.gleaner/archive.json) says what to skip. The site's own deploy never deletes under archive/.

export const ARCHIVE_LIST_PATH = `${STATE_DIR}archive.json`;

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  contentDisposition?: string;
}

/**
 * The archived HTML is served gzipped as a download (Content-Disposition: attachment), never as a
 * page: a browser does not run a page it downloads, so the source's scripts never run on the
 * site's origin. The rest: PNG, PDF, the manifest, and the index page the crawler wrote itself.
 * `path` is relative to archive/ ('<id>/page.html.gz').
 */
export function archiveObjectHeaders(path: string): ObjectHeaders {
  const [id, name] = path.split('/');
  // Copies are named by their content (crawler/archive/manifest.ts); the manifest and index may gain provenance.
  const fixed = name !== 'manifest.json' && name !== 'index.html';
  const cacheControl = fixed ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
  if (name?.endsWith('.gz')) return { contentType: 'application/gzip', cacheControl, contentDisposition: `attachment; filename="${id}.html.gz"` };
  return { contentType: contentTypeOf(path), cacheControl };
}

/** Files to upload: those the bucket's list lacks or holds with another MD5. */
export function planArchive(local: LocalFile[], uploaded: Map<string, string>): LocalFile[] {
  return local.filter((f) => uploaded.get(f.path) !== f.md5);
}

export interface ArchiveDeployReport {
  uploaded: { count: number; bytes: number };
  unchanged: number;
}

export async function deployArchive(options: { client: S3Client; bucket: string; prefix: string; dir: string; concurrency: number; dryRun?: boolean }): Promise<ArchiveDeployReport> {
  const { client, bucket, prefix, dir } = options;
  const report: ArchiveDeployReport = { uploaded: { count: 0, bytes: 0 }, unchanged: 0 };
  if (!existsSync(dir)) return report;
  const local = (await scanBuild(dir, options.concurrency)).filter((f) => /^[0-9a-f]{16}\/[^/]+$/.test(f.path));
  const uploaded = await readArchiveList(client, bucket, prefix);
  const pending = planArchive(local, uploaded);
  report.unchanged = local.length - pending.length;
  if (options.dryRun || pending.length === 0) return report;
  // Files before the index page that lists them.
  const order = (f: LocalFile) => (f.path.endsWith('/index.html') ? 1 : 0);
  const queue = new PQueue({ concurrency: options.concurrency });
  for (const group of [0, 1]) {
    await Promise.all(
      pending
        .filter((f) => order(f) === group)
        .map((f) =>
          queue.add(async () => {
            const headers = archiveObjectHeaders(f.path);
            const key = `${prefix}${ARCHIVE_DIR}${f.path}`;
            const body = await readFile(join(dir, f.path));
            await s3Call(`upload archive/${f.path} to s3://${bucket}/${key}`, () =>
              client.send(
                new PutObjectCommand({
                  Bucket: bucket,
                  Key: key,
                  Body: body,
                  ContentType: headers.contentType,
                  CacheControl: headers.cacheControl,
                  ContentDisposition: headers.contentDisposition,
                  ContentMD5: Buffer.from(f.md5, 'hex').toString('base64'),
                  Metadata: { md5: f.md5 },
                }),
              ),
            );
            uploaded.set(f.path, f.md5);
            report.uploaded.count++;
            report.uploaded.bytes += f.size;
          }),
        ),
    );
  }
  await s3Call(`write s3://${bucket}/${prefix}${ARCHIVE_LIST_PATH}`, () =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: prefix + ARCHIVE_LIST_PATH,
        Body: JSON.stringify({ version: 1, objects: Object.fromEntries([...uploaded].sort()) }),
        ContentType: 'application/json; charset=utf-8',
        CacheControl: 'no-store',
      }),
    ),
  );
  return report;
}

async function readArchiveList(client: S3Client, bucket: string, prefix: string): Promise<Map<string, string>> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + ARCHIVE_LIST_PATH }));
    const list = JSON.parse((await object.Body?.transformToString('utf8')) ?? '{}') as { objects?: Record<string, string> };
    return new Map(Object.entries(list.objects ?? {}));
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return new Map();
    if (error instanceof SyntaxError) return new Map();
    throw error;
  }
}
