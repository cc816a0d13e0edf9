import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import PQueue from 'p-queue';
import { executePlan } from '../deploy/execute.ts';
import { CACHE_CONTROL, cacheClassOf, contentTypeOf, phaseOf } from '../deploy/object-headers.ts';
import { etagMd5, keyFor, MEDIA_DIR, type DeployPlan, type PlannedUpload } from '../deploy/plan.ts';
import { s3Call } from '../deploy/remote-listing.ts';
import { createS3Client, type Credentials } from '../deploy/s3-client.ts';
import type { DeploySettings } from '../deploy/settings.ts';

// Lead images in the deploy's bucket, under the key and with the headers the deploy gives a
// build's media/<name> (the deploy's own planner, executor and client: one uploader).

export interface MediaFile {
  /** The URL's last part and the key's: media/<name>. */
  name: string;
  /** Path of the file relative to `dir`. */
  path: string;
  size: number;
  md5: string;
}

export interface MediaBucket {
  /** Uploads files under `dir` (in order, `concurrency` at a time); throws on the first failure. */
  put(dir: string, files: MediaFile[]): Promise<void>;
  /** Which of `files` the bucket holds with the same size and MD5 (the x-amz-meta-md5 every upload sets, else an MD5 ETag). */
  holding(files: MediaFile[]): Promise<Set<string>>;
  get(name: string): Promise<Buffer>;
  close(): void;
}

export function mediaBucket(settings: DeploySettings, credentials?: Credentials): MediaBucket {
  const client = createS3Client(settings, credentials);
  const key = (name: string) => keyFor(settings.prefix, `${MEDIA_DIR}${name}`);
  return {
    async put(dir, files) {
      const uploads: PlannedUpload[] = files.map((f) => {
        const path = `${MEDIA_DIR}${f.name}`;
        const cacheClass = cacheClassOf(path);
        return { path: f.path, key: key(f.name), phase: phaseOf(path, true), reason: 'new', size: f.size, md5: f.md5, contentType: contentTypeOf(path), cacheControl: CACHE_CONTROL[cacheClass], cacheClass, multipart: f.size >= settings.multipartThreshold };
      });
      const plan: DeployPlan = { uploads, deletes: [], retained: [], unchanged: { count: 0, bytes: 0 }, remoteCount: 0, deleteShare: 0, blocked: null };
      await executePlan(plan, { client, bucket: settings.bucket, dir, concurrency: settings.concurrency, partSize: settings.partSize });
    },
    async holding(files) {
      const queue = new PQueue({ concurrency: settings.concurrency });
      const held = new Set<string>();
      await Promise.all(
        files.map((f) =>
          queue.add(async () => {
            const head = await s3Call(`read s3://${settings.bucket}/${key(f.name)}`, () => client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key(f.name) }))).catch((error: Error) => {
              if ((error.cause as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 404) return null;
              throw error;
            });
            const md5 = head?.Metadata?.md5?.toLowerCase() ?? etagMd5(head?.ETag ?? null);
            if (head && head.ContentLength === f.size && md5 === f.md5) held.add(f.name);
          }),
        ),
      );
      return held;
    },
    async get(name) {
      const answer = await s3Call(`read s3://${settings.bucket}/${key(name)}`, () => client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) })));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    close: () => client.destroy(),
  };
}
