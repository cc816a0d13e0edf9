import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { LocalFile } from './local-files.ts';
import { MANIFEST_PATH } from './plan.ts';
import { s3Call } from './remote-listing.ts';

// The list of files the last deploy put up, with their sizes and MD5s, kept in the bucket beside
// the site. The next deploy compares the build with it instead of listing the bucket (a listing
// costs a request per thousand objects, and the whole site's files), and keeps the previous
// build's hashed assets one more round (see plan.ts).

interface Manifest {
  version: 1 | 2;
  deployedAt: string;
  files: string[];
  /** Version 2: every file's size and MD5, as uploaded. */
  objects?: Record<string, { size: number; md5: string }>;
  /** Names under media/ of taken-down lead images this or an earlier deploy deleted (absent: none yet). */
  takenDown?: string[];
}

export interface PreviousDeploy {
  paths: Set<string>;
  /** What the bucket holds, by path, when the manifest records it (version 2); null for an older manifest. */
  objects: Map<string, { size: number; md5: string }> | null;
  /** Taken-down lead images already deleted (media/ names). */
  takenDown: Set<string>;
}

/** The previous deploy, or null when there is no (readable) manifest. */
export async function readManifest(client: S3Client, bucket: string, prefix: string): Promise<PreviousDeploy | null> {
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
    if (!Array.isArray(manifest.files)) return null;
    const paths = new Set(manifest.files.filter((f): f is string => typeof f === 'string'));
    const objects = manifest.version === 2 && manifest.objects ? new Map(Object.entries(manifest.objects)) : null;
    const takenDown = new Set(Array.isArray(manifest.takenDown) ? manifest.takenDown.filter((n): n is string => typeof n === 'string') : []);
    return { paths, objects, takenDown };
  } catch {
    return null;
  }
}

/** `files` is the build just deployed; `kept` the objects left in the bucket besides it (hashed assets kept one more deploy); `takenDown` the taken-down lead images deleted so far. */
export async function writeManifest(client: S3Client, bucket: string, prefix: string, files: LocalFile[], now: Date, kept: LocalFile[] = [], takenDown: string[] = []): Promise<void> {
  const manifest: Manifest = {
    version: 2,
    deployedAt: now.toISOString(),
    files: files.map((f) => f.path),
    objects: Object.fromEntries([...kept, ...files].map((f) => [f.path, { size: f.size, md5: f.md5 }])),
    ...(takenDown.length > 0 ? { takenDown: [...takenDown].sort() } : {}),
  };
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
