import { HeadObjectCommand, ListObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import PQueue from 'p-queue';
import { GleanerError } from '../../crawler/errors.ts';
import type { LocalFile } from './local-files.ts';
import { needsMetadata, type RemoteObject } from './plan.ts';

/**
 * Every object under the prefix, 1000 a page. ListObjects (v1) with a marker: every
 * S3-compatible store implements it the same way, and so does s3rver, the local server the
 * tests use (its ListObjectsV2 continuation tokens need DES, which Node 24's OpenSSL lacks).
 */
export async function listBucket(client: S3Client, bucket: string, prefix: string): Promise<RemoteObject[]> {
  const objects: RemoteObject[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await s3Call(`list s3://${bucket}/${prefix}`, () =>
      client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix || undefined, Marker: marker })),
    );
    const contents = page.Contents ?? [];
    for (const item of contents) {
      if (item.Key) objects.push({ key: item.Key, size: item.Size ?? 0, etag: item.ETag?.replace(/"/g, '') ?? null });
    }
    if (!page.IsTruncated || !contents.length) break;
    marker = page.NextMarker ?? contents[contents.length - 1]!.Key;
  }
  return objects;
}

/** Reads x-amz-meta-md5 of the objects the listing cannot settle (see needsMetadata). */
export async function readMetadataMd5(
  client: S3Client,
  bucket: string,
  prefix: string,
  remote: RemoteObject[],
  local: LocalFile[],
  concurrency: number,
): Promise<number> {
  const localByKey = new Map(local.map((f) => [`${prefix}${f.path}`, f]));
  const pending = remote.filter((o) => needsMetadata(o, localByKey.get(o.key)));
  const queue = new PQueue({ concurrency });
  await Promise.all(
    pending.map((object) =>
      queue.add(async () => {
        const head = await s3Call(`read s3://${bucket}/${object.key}`, () => client.send(new HeadObjectCommand({ Bucket: bucket, Key: object.key })));
        object.metadataMd5 = head.Metadata?.md5 ?? null;
      }),
    ),
  );
  return pending.length;
}

/** Runs an S3 request; a failure (after the SDK's own retries) becomes an E_DEPLOY_S3 GleanerError that says what was being done. */
export async function s3Call<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number }; Code?: string };
    const status = e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : '';
    throw new GleanerError('E_DEPLOY_S3', `could not ${what}: ${e.name}${status}: ${e.message}`, { cause: error });
  }
}
