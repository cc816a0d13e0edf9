import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DeployError } from './errors.ts';
import { executePlan, type ExecuteEvent } from './execute.ts';
import { invalidateCdn, invalidationPaths } from './invalidate.ts';
import { scanBuild } from './local-files.ts';
import { planDeploy, type DeployPlan } from './plan.ts';
import { readManifest, writeManifest } from './manifest.ts';
import { listBucket, readMetadataMd5, s3Call } from './remote-listing.ts';
import { createS3Client, type Credentials } from './s3-client.ts';
import { describeTarget, type DeploySettings } from './settings.ts';

export { DeployError, type DeployErrorCode } from './errors.ts';
export { settingsFromEnv, describeTarget, type DeploySettings } from './settings.ts';
export { planDeploy, type DeployPlan, type PlannedUpload, type PlannedDelete, type RemoteObject, type PlanOptions } from './plan.ts';
export { CACHE_CONTROL, PHASES, cacheClassOf, contentTypeOf, phaseOf, type CacheClass, type Phase } from './object-headers.ts';
export { invalidationPaths } from './invalidate.ts';
export type { Credentials } from './s3-client.ts';
export type { LocalFile } from './local-files.ts';

export type DeployEvent =
  | ExecuteEvent
  | { type: 'scanned'; files: number; remote: number }
  | { type: 'invalidated'; id: string; paths: string[] };

export interface DeployOptions {
  /** The build folder to deploy (dist/, or .demo/dist). */
  dir: string;
  settings: DeploySettings;
  /** Plan and report; change nothing. */
  dryRun?: boolean;
  /** Deploy even if the plan deletes more than settings.maxDeleteShare, or the folder has no index.html. */
  force?: boolean;
  /** Explicit credentials; by default the AWS SDK's chain (environment, profile, role). */
  credentials?: Credentials;
  onEvent?: (event: DeployEvent) => void;
}

export interface DeployReport {
  target: string;
  dir: string;
  dryRun: boolean;
  plan: DeployPlan;
  uploaded: { count: number; bytes: number };
  skipped: { count: number; bytes: number };
  deleted: { count: number; bytes: number };
  /** HEAD requests made to read x-amz-meta-md5. */
  metadataReads: number;
  invalidation: { id: string; paths: string[] } | null;
  durationMs: number;
}

/** Syncs a build folder to the bucket: plan (list, compare MD5s), upload in phases, delete, invalidate. */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const started = performance.now();
  const { settings } = options;
  const dir = resolve(options.dir);
  const emit = options.onEvent ?? (() => {});
  const local = await scanBuild(dir, settings.concurrency * 2);
  if (!options.force && !existsSync(join(dir, 'index.html'))) {
    throw new DeployError('E_DEPLOY_DIR', `${dir} has no index.html: is the build finished? (--force deploys it anyway)`);
  }

  const client = createS3Client(settings, options.credentials);
  try {
    const remote = await listBucket(client, settings.bucket, settings.prefix);
    const previous = await s3Call(`read the last deploy's manifest in s3://${settings.bucket}/${settings.prefix}`, () => readManifest(client, settings.bucket, settings.prefix));
    const metadataReads = await readMetadataMd5(client, settings.bucket, settings.prefix, remote, local, settings.concurrency);
    const plan = planDeploy(local, remote, {
      prefix: settings.prefix,
      previous,
      maxDeleteShare: settings.maxDeleteShare,
      force: options.force,
      multipartThreshold: settings.multipartThreshold,
    });
    emit({ type: 'scanned', files: local.length, remote: plan.remoteCount });
    const report: DeployReport = {
      target: describeTarget(settings),
      dir,
      dryRun: options.dryRun ?? false,
      plan,
      uploaded: { count: 0, bytes: 0 },
      skipped: plan.unchanged,
      deleted: { count: 0, bytes: 0 },
      metadataReads,
      invalidation: null,
      durationMs: 0,
    };
    if (plan.blocked && !options.dryRun) {
      throw new DeployError('E_DEPLOY_GUARD', `refusing to deploy: ${plan.blocked}. Check --dir (${dir}) and the bucket; pass --force if this is intended.`);
    }
    if (options.dryRun) {
      report.durationMs = Math.round(performance.now() - started);
      return report;
    }

    const done = await executePlan(plan, {
      client,
      bucket: settings.bucket,
      dir,
      concurrency: settings.concurrency,
      partSize: settings.partSize,
      onEvent: emit,
    });
    report.uploaded = done.uploaded;
    report.deleted = done.deleted;
    await writeManifest(client, settings.bucket, settings.prefix, local, new Date());

    if (settings.distributionId) {
      const paths = invalidationPaths(plan, settings.maxInvalidationPaths);
      if (paths.length) {
        const id = await invalidateCdn(settings, paths, options.credentials);
        report.invalidation = { id, paths };
        emit({ type: 'invalidated', id, paths });
      }
    }
    report.durationMs = Math.round(performance.now() - started);
    return report;
  } finally {
    client.destroy();
  }
}
