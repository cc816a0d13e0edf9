import type { Config } from '../config/index.ts';
import type { FetchOutcome } from '../fetch/index.ts';
import type { SitePaths } from '../paths.ts';
import type { Renderer } from '../render/renderer.ts';
import { insertArchive, provenanceOf } from '../store/archives.ts';
import type { Database } from '../store/database.ts';
import type { UrlRow } from '../store/urls.ts';
import { archiveId, keptHeaders } from './manifest.ts';
import { writeArchive } from './write-archive.ts';

type Fetched = Extract<FetchOutcome, { type: 'ok' }>;

export interface ArchiveContext {
  db: Database;
  config: Config;
  paths: SitePaths;
  renderer: Renderer;
  /** A line for the run's log. */
  note: (message: string) => void;
}

/**
 * Keeps an archived copy of an accepted page: the bytes as fetched with their headers, and when
 * Chromium is there a screenshot and a PDF (from the render the page already had, else a render
 * for the purpose). Never fails the page: a copy that cannot be written is a note in the log.
 * Returns whether the copy was written.
 */
export async function archivePage(ctx: ArchiveContext, row: UrlRow, response: Fetched, articleId: number, rendered: { screenshot: Buffer | null; pdf: Buffer | null } | null, now: string): Promise<boolean> {
  let capture = rendered?.screenshot ? rendered : null;
  if (!capture) {
    const outcome = await ctx.renderer.render({ url: response.finalUrl, prefetched: prefetchedOf(response), capture: true });
    if (outcome.type === 'ok') capture = outcome;
  }
  try {
    const record = writeArchive(
      ctx.paths.archive,
      {
        id: archiveId(response.finalUrl, response.body),
        urlId: row.id,
        articleId,
        url: row.url,
        finalUrl: response.finalUrl,
        status: response.status,
        fetchedAt: now,
        rendered: rendered !== null,
        headers: keptHeaders(response.headers),
        provenance: provenanceOf(ctx.db, row.id),
      },
      { html: response.body, screenshot: capture?.screenshot ?? null, pdf: capture?.pdf ?? null },
      ctx.config.site.title,
    );
    insertArchive(ctx.db, record);
    return true;
  } catch (error) {
    ctx.note(`archived copy of ${row.url} not written: ${(error as Error).message}`);
    return false;
  }
}

/** The fetched document, for the renderer to load instead of fetching it again. */
export function prefetchedOf(response: Fetched): { contentType: string; body: Buffer } {
  return { contentType: `${response.contentType || 'text/html'}${response.charset ? `; charset=${response.charset}` : ''}`, body: response.body };
}
