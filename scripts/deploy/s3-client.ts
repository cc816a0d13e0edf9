import { createHash } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import type { DeploySettings } from './settings.ts';

/** Explicit credentials; without them the SDK's default chain (env, profile, role) applies. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * An S3 client for the target. Checksums only where the API requires them: newer SDKs add
 * CRC32 checksums to every upload by default, which some S3-compatible stores reject; each
 * upload carries Content-MD5 instead, which they all check. DeleteObjects, the one request
 * that must carry a checksum, gets Content-MD5 too (the SDK's documented MD5 fallback,
 * supplemental-docs/MD5_FALLBACK.md): older MinIO, Oracle and others accept nothing else.
 */
export function createS3Client(settings: DeploySettings, credentials?: Credentials): S3Client {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: settings.maxAttempts,
    retryMode: 'standard',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(credentials ? { credentials } : {}),
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown } | undefined;
      if (context.commandName === 'DeleteObjectsCommand' && request?.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
        for (const name of Object.keys(request.headers)) {
          if (/^x-amz-(sdk-)?checksum-/i.test(name)) delete request.headers[name];
        }
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    // After the SDK's own checksum middleware (build step, normal priority), before signing.
    { step: 'build', priority: 'low', name: 'deleteObjectsContentMd5' },
  );
  return client;
}

/** Keys in the given environment, as the SDK's env provider would read them; otherwise the SDK's default chain (profiles, roles) applies. */
export function credentialsFrom(env: Record<string, string | undefined>): Credentials | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) return undefined;
  return { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
}
