import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GleanerError } from '../../crawler/errors.ts';
import { executePlan, type ExecuteEvent } from './execute.ts';
import { deployArchive, type ArchiveDeployReport } from './archive.ts';
import { invalidateCdn, invalidationPaths } from './invalidate.ts';
import { buildFileList, scanBuild, takenDownMedia } from './local-files.ts';
import { planDeploy, type DeployPlan } from './plan.ts';
import { readManifest, writeManifest } from './manifest.ts';
import { listBucket, readMetadataMd5, s3Call } from './remote-listing.ts';
import { createS3Client, type Credentials } from './s3-client.ts';
import { describeTarget, type DeploySettings } from './settings.ts';
import { changedFeedUrls, pingHub, type PingResult } from './websub.ts';

export { settingsFromEnv, describeTarget, type DeploySettings } from './settings.ts';
export { planDeploy, type DeployPlan, type PlannedUpload, type PlannedDelete, type RemoteObject, type PlanOptions } from './plan.ts';
export { CACHE_CONTROL, PHASES, cacheClassOf, contentTypeOf, phaseOf, type CacheClass, type Phase } from './object-headers.ts';
export { invalidationPaths } from './invalidate.ts';
export { archiveObjectHeaders, planArchive, type ArchiveDeployReport } from './archive.ts';
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
  /** The site's lead images live in the bucket: leave media/ objects the build lacks alone (PlanOptions.keepMedia). */
  keepMedia?: boolean;
  /** List the bucket and compare with it, instead of trusting the last deploy's manifest. */
  listBucket?: boolean;
  /** The site root's archive/ folder: its copies are uploaded (never deleted) under archive/ before the pages that link to them. */
  archiveDir?: string;
  /** The WebSub hub the feeds declare (config site.websubHub) and the site's address: each changed feed is pinged once the upload succeeded. */
  websub?: { hub: string; siteUrl: string };
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
  archive: ArchiveDeployReport;
  invalidation: { id: string; paths: string[] } | null;
  /** The changed feeds' URLs the hub was told of (or, in a dry run, would be), and the pings it did not take: warnings, never a failed deploy. */
  websub: { hub: string; feeds: string[]; failed: Array<PingResult & { problem: string }> } | null;
  durationMs: number;
}

/**
 * Syncs a build folder to the bucket: plan (compare MD5s with the last deploy's manifest, or with
 * a listing of the bucket), upload in phases, delete, invalidate. The local side is the build's
 * file list when it has one (an incremental build may hold only the files that changed), else
 * every file of the folder.
 */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const started = performance.now();
  const { settings } = options;
  const dir = resolve(options.dir);
  const emit = options.onEvent ?? (() => {});
  const listed = buildFileList(dir);
  const local = listed ?? (await scanBuild(dir, settings.concurrency * 2));
  // The taken-down lead images no article shows, as the build listed them: deleted and purged from the CDN, once.
  const takenDown = takenDownMedia(dir);
  if (!options.force && !local.some((f) => f.path === 'index.html')) {
    throw new GleanerError('E_DEPLOY_DIR', `${dir} has no index.html: is the build finished? (--force deploys it anyway)`);
  }

  const client = createS3Client(settings, options.credentials);
  try {
    const previous = await s3Call(`read the last deploy's manifest in s3://${settings.bucket}/${settings.prefix}`, () => readManifest(client, settings.bucket, settings.prefix));
    const fromManifest = previous?.objects && !options.listBucket;
    const remote = fromManifest
      ? [...previous.objects!].map(([path, o]) => ({ key: settings.prefix + path, size: o.size, etag: o.md5 }))
      : await listBucket(client, settings.bucket, settings.prefix);
    const metadataReads = fromManifest ? 0 : await readMetadataMd5(client, settings.bucket, settings.prefix, remote, local, settings.concurrency);
    const plan = planDeploy(local, remote, {
      prefix: settings.prefix,
      previous: previous?.paths ?? null,
      maxDeleteShare: settings.maxDeleteShare,
      keepMedia: options.keepMedia,
      takenDown: takenDown.filter((name) => !previous?.takenDown.has(name)),
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
      archive: { uploaded: { count: 0, bytes: 0 }, unchanged: 0 },
      invalidation: null,
      websub: options.websub ? { hub: options.websub.hub, feeds: changedFeedUrls(plan.uploads.map((u) => u.path), options.websub.siteUrl), failed: [] } : null,
      durationMs: 0,
    };
    if (listed) assertPresent(dir, plan.uploads.map((u) => u.path));
    if (plan.blocked && !options.dryRun) {
      throw new GleanerError('E_DEPLOY_GUARD', `refusing to deploy: ${plan.blocked}. Check --dir (${dir}) and the bucket; pass --force if this is intended.`);
    }
    if (options.archiveDir) {
      report.archive = await deployArchive({ client, bucket: settings.bucket, prefix: settings.prefix, dir: options.archiveDir, concurrency: settings.concurrency, dryRun: options.dryRun });
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
    // The manifest says what the bucket holds: this build, and the hashed assets kept one more deploy.
    const byKey = new Map(remote.map((o) => [o.key, o]));
    const kept = plan.retained.map((d) => ({ path: d.path, size: d.size, md5: byKey.get(d.key)?.etag?.replace(/"/g, '') ?? '' }));
    await writeManifest(client, settings.bucket, settings.prefix, local, new Date(), kept, takenDown);

    if (settings.distributionId) {
      const paths = invalidationPaths(plan, settings.maxInvalidationPaths);
      if (paths.length) {
        const id = await invalidateCdn(settings, paths, options.credentials);
        report.invalidation = { id, paths };
        emit({ type: 'invalidated', id, paths });
      }
    }
    // After the invalidation, so a hub that fetches a feed at once gets the new one through the CDN.
    if (report.websub?.feeds.length) {
      const results = await pingHub(report.websub.hub, report.websub.feeds);
      report.websub.failed = results.filter((r): r is PingResult & { problem: string } => r.problem !== null);
    }
    report.durationMs = Math.round(performance.now() - started);
    return report;
  } finally {
    client.destroy();
  }
}

/**
 * Every file to upload must be in the build folder. A build that wrote only what changed since
 * the build cache's last build leaves out files the bucket is assumed to have; when the bucket is
 * not where that build left it (a deploy that failed, another branch deployed), some are missing.
 */
function assertPresent(dir: string, paths: string[]): void {
  const missing = paths.filter((p) => !existsSync(join(dir, p)));
  if (missing.length) {
    throw new GleanerError(
      'E_DEPLOY_PARTIAL',
      `${missing.length} file(s) to upload are not in ${dir} (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''}): the build wrote only what changed since its last build, and the bucket does not hold that build. Build everything (npm run build -- --cold) and deploy again.`,
    );
  }
}

