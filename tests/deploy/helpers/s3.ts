import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { settingsFromEnv, type DeploySettings } from '../../../scripts/deploy/index.ts';

/** s3rver's built-in account: it checks request signatures against these. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  port: number;
  bucket: string;
  /** The environment the deploy reads (endpoint, bucket, path style). */
  env: Record<string, string>;
  settings(extra?: Record<string, string>): DeploySettings;
  /** A plain client for inspecting the bucket. */
  client: S3Client;
  /** Objects under the prefix; the deploy's own state (.gleaner/) only with includeState. */
  list(prefix?: string, options?: { includeState?: boolean }): Promise<Array<{ key: string; size: number; etag: string }>>;
  head(key: string): Promise<{ contentType?: string; cacheControl?: string; metadata: Record<string, string>; etag?: string }>;
  read(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) in this process, on a free port, storing into a temp folder. */
export async function startLocalS3(options: { bucket?: string; allowMismatchedSignatures?: boolean } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'site';
  const directory = await mkdtemp(join(tmpdir(), 'gleaner-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: options.allowMismatchedSignatures ?? false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  return {
    endpoint,
    port,
    bucket,
    env,
    client,
    settings(extra = {}) {
      const result = settingsFromEnv({ ...env, ...extra });
      if (!result.ok) throw result.error;
      return result.value;
    },
    async list(prefix, { includeState = false } = {}) {
      const out: Array<{ key: string; size: number; etag: string }> = [];
      let marker: string | undefined;
      for (;;) {
        // ListObjects v1: s3rver's v2 continuation tokens fail on Node 24 (see scripts/deploy/remote-listing.ts).
        const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix || undefined, Marker: marker }));
        const contents = page.Contents ?? [];
        for (const o of contents) if (includeState || !o.Key!.slice((prefix ?? '').length).startsWith('.gleaner/')) out.push({ key: o.Key!, size: o.Size ?? 0, etag: (o.ETag ?? '').replace(/"/g, '') });
        if (!page.IsTruncated || !contents.length) break;
        marker = contents[contents.length - 1]!.Key;
      }
      return out.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async head(key) {
      const h = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: h.ContentType, cacheControl: h.CacheControl, metadata: h.Metadata ?? {}, etag: h.ETag };
    },
    async read(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await r.Body!.transformToByteArray());
      } catch (error) {
        throw new Error(`reading s3://${bucket}/${key}: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
