import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import PQueue from 'p-queue';
import { crashpoint } from '../../crawler/crashpoint.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { PHASES } from './object-headers.ts';
import type { DeployPlan, PlannedDelete, PlannedUpload } from './plan.ts';
import { s3Call } from './remote-listing.ts';

export type ExecuteEvent =
  | { type: 'phase'; phase: string; total: number }
  | { type: 'uploaded'; upload: PlannedUpload }
  | { type: 'deleted'; objects: PlannedDelete[] };

export interface ExecuteOptions {
  client: S3Client;
  bucket: string;
  /** The build folder the plan's paths are relative to. */
  dir: string;
  concurrency: number;
  partSize: number;
  onEvent?: (event: ExecuteEvent) => void;
}

export interface ExecuteReport {
  uploaded: { count: number; bytes: number };
  deleted: { count: number; bytes: number };
}

/** S3 deletes at most this many keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/**
 * Carries out a plan phase by phase: every upload of a phase finishes before the next phase
 * starts, and deletes run only after every upload succeeded. A failure stops the deploy at
 * once, so nothing of a later phase (a page that would point at a missing asset) goes up.
 */
export async function executePlan(plan: DeployPlan, options: ExecuteOptions): Promise<ExecuteReport> {
  const report: ExecuteReport = { uploaded: { count: 0, bytes: 0 }, deleted: { count: 0, bytes: 0 } };
  const emit = options.onEvent ?? (() => {});
  for (const phase of PHASES) {
    const items = plan.uploads.filter((u) => u.phase === phase);
    if (!items.length) continue;
    emit({ type: 'phase', phase, total: items.length });
    crashpoint(`deploy:phase-${phase}`);
    await runAll(items, options.concurrency, async (upload) => {
      await uploadOne(upload, options);
      crashpoint('deploy:uploaded');
      report.uploaded.count++;
      report.uploaded.bytes += upload.size;
      emit({ type: 'uploaded', upload });
    });
  }
  if (plan.deletes.length) {
    emit({ type: 'phase', phase: 'delete', total: plan.deletes.length });
    crashpoint('deploy:phase-delete');
    for (let i = 0; i < plan.deletes.length; i += DELETE_BATCH) {
      const batch = plan.deletes.slice(i, i + DELETE_BATCH);
      const result = await s3Call(`delete ${batch.length} objects from s3://${options.bucket}`, () =>
        options.client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: batch.map((d) => ({ Key: d.key })), Quiet: true } })),
      );
      if (result.Errors?.length) {
        const first = result.Errors[0]!;
        throw new GleanerError('E_DEPLOY_S3', `could not delete ${result.Errors.length} objects, e.g. ${first.Key}: ${first.Code} ${first.Message}`);
      }
      report.deleted.count += batch.length;
      report.deleted.bytes += batch.reduce((sum, d) => sum + d.size, 0);
      emit({ type: 'deleted', objects: batch });
    }
  }
  return report;
}

/** Runs tasks with bounded concurrency; the first failure stops new tasks and is rethrown once the running ones settle. */
async function runAll<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = new PQueue({ concurrency });
  let failure: unknown = null;
  for (const item of items) {
    queue.add(async () => {
      if (failure) return;
      try {
        await task(item);
      } catch (error) {
        failure ??= error;
        queue.clear();
      }
    });
  }
  await queue.onIdle();
  if (failure) throw failure;
}

async function uploadOne(upload: PlannedUpload, options: ExecuteOptions): Promise<void> {
  const file = join(options.dir, upload.path);
  const params = {
    Bucket: options.bucket,
    Key: upload.key,
    ContentType: upload.contentType,
    CacheControl: upload.cacheControl,
    // Multipart ETags are not MD5s; this lets the next deploy recognise the object unchanged.
    Metadata: { md5: upload.md5 },
  };
  const target = `upload ${upload.path} to s3://${options.bucket}/${upload.key}`;
  if (upload.multipart) {
    await s3Call(target, () =>
      new Upload({
        client: options.client,
        params: { ...params, Body: createReadStream(file) },
        partSize: options.partSize,
        queueSize: 2,
        leavePartsOnError: false,
      }).done(),
    );
    return;
  }
  // Read into memory so the SDK can resend the body on a retry; S3 checks it against Content-MD5.
  const body = await readFile(file);
  await s3Call(target, () =>
    options.client.send(new PutObjectCommand({ ...params, Body: body, ContentMD5: Buffer.from(upload.md5, 'hex').toString('base64') })),
  );
}
