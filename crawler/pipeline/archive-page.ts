import { archiveId, keptHeaders } from '../archive/manifest.ts';
import { writeArchive } from '../archive/write-archive.ts';
import { insertArchive, provenanceOf } from '../store/archives.ts';
import type { UrlRow } from '../store/urls.ts';
import type { PageContext } from './crawl-page.ts';
import type { FetchOutcome } from '../fetch/index.ts';

type Fetched = Extract<FetchOutcome, { type: 'ok' }>;

/**
 * Keeps an archived copy of an accepted page: the bytes as fetched with their headers, and when
 * Chromium is there a screenshot and a PDF (from the render the page already had, else a render
 * for the purpose). Never fails the page: a copy that cannot be written is a note in the log.
 */
export async function archivePage(ctx: PageContext, row: UrlRow, response: Fetched, articleId: number, rendered: { screenshot: Buffer | null; pdf: Buffer | null } | null, now: string): Promise<void> {
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
    ctx.summary.archived++;
  } catch (error) {
    ctx.report({ type: 'note', message: `archived copy of ${row.url} not written: ${(error as Error).message}` });
  }
}

/** The fetched document, for the renderer to load instead of fetching it again. */
export function prefetchedOf(response: Fetched): { contentType: string; body: Buffer } {
  return { contentType: `${response.contentType || 'text/html'}${response.charset ? `; charset=${response.charset}` : ''}`, body: response.body };
}
