import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { LocalFile } from './local-files.ts';
import { MANIFEST_PATH } from './plan.ts';
import { s3Call } from './remote-listing.ts';

// The list of files the last deploy put up, kept in the bucket beside the site. The next
// deploy uses it to keep the previous build's hashed assets one more round (see plan.ts).

interface Manifest {
  version: 1;
  deployedAt: string;
  files: string[];
}

/** The previous build's paths, or null when there is no (readable) manifest. */
export async function readManifest(client: S3Client, bucket: string, prefix: string): Promise<Set<string> | null> {
  let text: string;
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + MANIFEST_PATH }));
    text = (await object.Body?.transformToString('utf8')) ?? '';
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
  try {
    const manifest = JSON.parse(text) as Partial<Manifest>;
    return Array.isArray(manifest.files) ? new Set(manifest.files.filter((f): f is string => typeof f === 'string')) : null;
  } catch {
    return null;
  }
}

export async function writeManifest(client: S3Client, bucket: string, prefix: string, files: LocalFile[], now: Date): Promise<void> {
  const manifest: Manifest = { version: 1, deployedAt: now.toISOString(), files: files.map((f) => f.path) };
  await s3Call(`write s3://${bucket}/${prefix}${MANIFEST_PATH}`, () =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: prefix + MANIFEST_PATH,
        Body: JSON.stringify(manifest),
        ContentType: 'application/json; charset=utf-8',
        CacheControl: 'no-store',
      }),
    ),
  );
}
