import type { LocalFile } from './local-files.ts';
import { CACHE_CONTROL, PHASES, cacheClassOf, contentTypeOf, phaseOf, type CacheClass, type Phase } from './object-headers.ts';

// The pure heart of the deploy: what is in the build folder, what is in the bucket → which
// objects to upload (in a safe order, with their headers) and which to delete.

export interface RemoteObject {
  key: string;
  size: number;
  /** The ETag as listed, quotes removed. */
  etag: string | null;
  /** x-amz-meta-md5, when it was read (HEAD) for an object whose ETag is not its MD5. */
  metadataMd5?: string | null;
}

export interface PlannedUpload {
  path: string;
  key: string;
  phase: Phase;
  reason: 'new' | 'changed';
  size: number;
  md5: string;
  contentType: string;
  cacheControl: string;
  cacheClass: CacheClass;
  multipart: boolean;
}

export interface PlannedDelete {
  key: string;
  /** The path it would have in the build folder. */
  path: string;
  size: number;
  cacheClass: CacheClass;
  /** A taken-down article's lead image (PlanOptions.takenDown): deleted now, and purged from the CDN though immutable. */
  takenDown?: true;
}

export interface DeployPlan {
  /** Ordered: phase by phase (see PHASES), then by path. */
  uploads: PlannedUpload[];
  /** Run after every upload. */
  deletes: PlannedDelete[];
  /** Hashed assets gone from the build but kept one more deploy (see PlanOptions.retain). */
  retained: PlannedDelete[];
  unchanged: { count: number; bytes: number };
  /** Objects under the prefix before the deploy. */
  remoteCount: number;
  /** deletes / remoteCount. */
  deleteShare: number;
  /** Why the deploy must not run (unless forced), or null. */
  blocked: string | null;
}

export interface PlanOptions {
  prefix: string;
  /**
   * Build paths of the previous deploy, or null when unknown. A hashed asset that was part of
   * the previous build stays in the bucket one more deploy: pages a CDN or a reader's open tab
   * still holds keep working (Pagefind fetches index chunks long after its page loaded). When
   * the previous build is unknown, every obsolete hashed asset is kept this once.
   */
  previous?: Set<string> | null;
  maxDeleteShare: number;
  /**
   * The site's lead images live in the bucket (media/store-file.ts): media/ objects not in the
   * build are the crawl's, never deleted and not counted by the delete guard.
   */
  keepMedia?: boolean;
  /**
   * Names under media/ of taken-down articles' lead images no article shows (the state's
   * removedMedia) that no earlier deploy deleted yet: deleted whether the bucket's listing holds
   * them or not (a bucket-mode site's images are in no deploy's list), never kept one more deploy.
   */
  takenDown?: string[];
  force?: boolean;
  multipartThreshold: number;
}

/** The MD5 an ETag stands for: single-part uploads (no SSE-KMS) have their MD5 as ETag; multipart ETags ("…-3") do not. */
export function etagMd5(etag: string | null): string | null {
  if (!etag) return null;
  const bare = etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(bare) ? bare : null;
}

/** A matching ETag is trusted (an MD5 collision is not a concern here); otherwise the metadata MD5, if read. */
function remoteMd5(object: RemoteObject): string | null {
  return object.metadataMd5?.toLowerCase() ?? etagMd5(object.etag);
}

/**
 * Objects the listing cannot settle: same size as the local file but an ETag that is not its
 * MD5. That is a changed file, or an object whose ETag is not an MD5 at all (multipart uploads,
 * SSE-KMS buckets, some S3-compatible stores); a HEAD request reads the x-amz-meta-md5 every
 * upload sets, so such objects are not uploaded again and again.
 */
export function needsMetadata(object: RemoteObject, local: LocalFile | undefined): boolean {
  if (!local || object.metadataMd5 !== undefined || object.size !== local.size) return false;
  return etagMd5(object.etag) !== local.md5;
}

/** The deploy's own state in the bucket (the previous build's file list); never part of a build. */
export const STATE_DIR = '.gleaner/';
export const MANIFEST_PATH = `${STATE_DIR}deploy.json`;
/** Archived copies, deployed add-only beside the site (archive.ts); the site's plan never touches them. */
export const ARCHIVE_DIR = 'archive/';
/** Lead images and icons, served flat from /media/<name>. */
export const MEDIA_DIR = 'media/';

export function keyFor(prefix: string, path: string): string {
  return `${prefix}${path}`;
}

export function planDeploy(local: LocalFile[], remote: RemoteObject[], options: PlanOptions): DeployPlan {
  const { prefix, multipartThreshold } = options;
  const localKeys = new Set(local.map((f) => keyFor(prefix, f.path)));
  const crawlOwned = (key: string) => options.keepMedia === true && key.startsWith(prefix + MEDIA_DIR) && !localKeys.has(key);
  const remoteByKey = new Map(
    remote.filter((o) => o.key.startsWith(prefix) && !o.key.endsWith('/') && !o.key.startsWith(prefix + STATE_DIR) && !o.key.startsWith(prefix + ARCHIVE_DIR) && !crawlOwned(o.key)).map((o) => [o.key, o]),
  );
  const uploads: PlannedUpload[] = [];
  const unchanged = { count: 0, bytes: 0 };

  for (const file of local) {
    const key = keyFor(prefix, file.path);
    const existing = remoteByKey.get(key);
    if (existing && existing.size === file.size && (etagMd5(existing.etag) === file.md5 || remoteMd5(existing) === file.md5)) {
      unchanged.count++;
      unchanged.bytes += file.size;
      continue;
    }
    const cacheClass = cacheClassOf(file.path);
    uploads.push({
      path: file.path,
      key,
      phase: phaseOf(file.path, !existing),
      reason: existing ? 'changed' : 'new',
      size: file.size,
      md5: file.md5,
      contentType: contentTypeOf(file.path),
      cacheControl: CACHE_CONTROL[cacheClass],
      cacheClass,
      multipart: file.size >= multipartThreshold,
    });
  }
  const rank = (phase: Phase) => PHASES.indexOf(phase);
  uploads.sort((a, b) => rank(a.phase) - rank(b.phase) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const obsolete: PlannedDelete[] = [...remoteByKey.values()]
    .filter((o) => !localKeys.has(o.key))
    .map((o) => {
      const path = o.key.slice(prefix.length);
      return { key: o.key, path, size: o.size, cacheClass: cacheClassOf(path) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const takenDown = new Set((options.takenDown ?? []).map((name) => keyFor(prefix, MEDIA_DIR + name)).filter((key) => !localKeys.has(key)));
  const previous = options.previous ?? null;
  const keep = (d: PlannedDelete) => d.cacheClass === 'immutable' && !takenDown.has(d.key) && (previous === null || previous.has(d.path));
  const deletes = obsolete.filter((d) => !keep(d)).map((d) => (takenDown.has(d.key) ? { ...d, takenDown: true as const } : d));
  const retained = obsolete.filter(keep);
  for (const key of takenDown) {
    if (remoteByKey.has(key)) continue;
    const path = key.slice(prefix.length);
    deletes.push({ key, path, size: 0, cacheClass: cacheClassOf(path), takenDown: true });
  }
  deletes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const remoteCount = remoteByKey.size;
  const deleteShare = remoteCount === 0 ? 0 : deletes.length / remoteCount;
  let blocked: string | null = null;
  if (!options.force) {
    if (local.length === 0) {
      blocked = 'the build folder is empty';
    } else if (deleteShare > options.maxDeleteShare) {
      blocked =
        `this deploy would delete ${deletes.length} of the ${remoteCount} objects under s3://…/${prefix} ` +
        `(${percent(deleteShare)}), more than the ${percent(options.maxDeleteShare)} allowed`;
    }
  }
  return { uploads, deletes, retained, unchanged, remoteCount, deleteShare, blocked };
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}
