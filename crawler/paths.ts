import { resolve, join } from 'node:path';

/**
 * Where a site's files live. The real site uses the repository root; the demo uses
 * `.demo/` with the same layout, so one code path serves both.
 */
export interface SitePaths {
  root: string;
  /** Published articles: content/<topic>/<yyyy>/<mm>/<slug>.md. */
  content: string;
  data: string;
  /** The crawler's state in git: one changeset per run (store/segments.ts). */
  segments: string;
  /** The single-file database of sites made before the segmented store; upgraded on the next crawl. */
  legacyDatabase: string;
  /** Processed lead images: media/<yyyy>/<mm>/<hash>-<width>.<format>, served from /media/<name>. */
  media: string;
  /** Where lead images live: data/media/store.json (media/store-file.ts; absent: in git, under media/). */
  mediaStore: string;
  /** The media manifest of a site whose lead images live in the bucket: data/media/<yyyy>/<mm>[-n].jsonl. */
  mediaManifest: string;
  /** Lead images a run made in bucket mode, until their upload is verified: .gleaner/media/<yyyy>/<mm>[-n]/<name>. */
  mediaStaging: string;
  dist: string;
  /** Archived copies of fetched pages: archive/<id>/ (git-ignored; deployed to /archive/<id>/). */
  archive: string;
  /** Local, derived and never committed: the state's snapshot and the build's caches (a CI cache keeps it between runs). */
  cache: string;
  /** The snapshot of the state: every segment applied, with lookup indexes. */
  stateSnapshot: string;
  /** Bookkeeping of runs that wrote no segment, folded into the next segment (store/bookkeeping-file.ts). */
  bookkeeping: string;
}

export function sitePaths(root = process.env.GLEANER_ROOT ?? '.'): SitePaths {
  const abs = resolve(root);
  const cache = join(abs, '.gleaner');
  return {
    root: abs,
    content: join(abs, 'content'),
    data: join(abs, 'data'),
    segments: join(abs, 'data', 'segments'),
    legacyDatabase: join(abs, 'data', 'site.sqlite'),
    media: join(abs, 'media'),
    mediaStore: join(abs, 'data', 'media', 'store.json'),
    mediaManifest: join(abs, 'data', 'media'),
    mediaStaging: join(cache, 'media'),
    dist: join(abs, 'dist'),
    archive: join(abs, 'archive'),
    cache,
    stateSnapshot: join(cache, 'state.sqlite'),
    bookkeeping: join(cache, 'bookkeeping.json'),
  };
}
