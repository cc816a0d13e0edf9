import type { Config } from '../config/index.ts';
import { failure, type Failure, type RejectReason } from '../errors.ts';
import type { Fetcher } from '../fetch/index.ts';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { markFailed, markFetched, markRejected, markUnchanged, revalidation } from '../store/url-state.ts';
import { urlById, type UrlRow } from '../store/urls.ts';
import { setArticleImage } from '../store/articles.ts';
import type { UrlPolicy } from '../url/index.ts';
import { acceptArticle, type DedupSettings } from './accept.ts';
import type { Reporter } from './events.ts';
import { fetchLeadImage } from '../images/lead-image.ts';
import type { MediaStore } from '../media/store-file.ts';
import { recordStagedImage } from '../media/staged.ts';
import type { PageProcessor } from '../process/pool.ts';
import { bump, type RunSummary } from './summary.ts';
import { crashpoint } from '../crashpoint.ts';
import type { FolderAllocator } from '../publish/folders.ts';
import { withTopicKeywords } from '../enrich/index.ts';
import { processOptions } from '../process/options.ts';
import type { RulesOf } from './rule-scopes.ts';
import type { PageOptions } from '../config/page-options.ts';
import type { Renderer, RenderOutcome } from '../render/renderer.ts';
import { archivePage, prefetchedOf } from '../archive/archive-page.ts';
import type { ProcessOutcome } from '../process/process-page.ts';

export interface PageContext {
  db: Database;
  fetcher: Fetcher;
  config: Config;
  paths: SitePaths;
  policy: UrlPolicy;
  dedup: DedupSettings;
  processor: PageProcessor;
  /** Hands out media/<yyyy>/<mm>/ folders for lead images (in the staging folder in bucket mode). */
  media: FolderAllocator;
  /** Where lead images live (media/store-file.ts): in bucket mode a run stages them and records them in the manifest. */
  mediaStore: MediaStore;
  topic: (topicId: number) => { keywords: readonly string[] } | undefined;
  /** The block and keep rules of a URL's topic and source. */
  rulesOf: RulesOf;
  summary: RunSummary;
  report: Reporter;
  nowMs: () => number;
  /** Skip the quality filters (npm run add --force). */
  force?: boolean;
  renderer: Renderer;
  /** Whether the URL's source (or topic, or site) renders and archives its pages. */
  pageOptions: (row: UrlRow) => PageOptions;
}

/**
 * One URL: fetch → process → dedup → store (and its lead image). Every path ends the URL in a
 * state: extracted, rejected with a reason, or failed with a code and a retry time.
 * `released` is called once the page's response is in, so the dispatcher can offer its host again.
 */
export async function crawlPage(row: UrlRow, ctx: PageContext, released: () => void = () => {}): Promise<void> {
  const { db, summary, report } = ctx;
  crashpoint('fetch:before');
  const validators = revalidation(row);
  const response = await ctx.fetcher.fetch({ url: row.url, kind: 'page', validators });
  crashpoint('fetch:after');
  released();
  const nowMs = ctx.nowMs();
  const now = new Date(nowMs).toISOString();
  const fail = (f: Failure): void => {
    markFailed(db, row, f, nowMs);
    bump(summary.failed, f.code);
    report({ type: 'page', url: row.url, outcome: 'failed', detail: `${f.code} ${f.message}` });
  };
  const reject = (reason: RejectReason, detail: string): void => {
    markRejected(db, row.id, reason, detail, now);
    bump(summary.rejected, reason);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${reason} ${detail}` });
  };

  if (response.type === 'error') return fail(response.failure);
  if (response.type === 'rejected') return reject(response.reason, response.detail);
  if (response.type !== 'ok') {
    // Without validators a 304 is the server's mistake: try again later.
    if (!validators) return fail(failure('E_FETCH_HTTP', `unexpected ${response.type} answer to an unconditional request`));
    markUnchanged(db, row.id, response.type === 'not-modified' ? response.validators : null, now);
    bump(summary.rejected, row.reason!);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${row.reason} unchanged since it was last fetched (${response.type})` });
    return;
  }
  summary.fetched++;
  markFetched(db, row.id, { httpStatus: response.status, finalUrl: response.finalUrl, redirects: response.redirects, validators: response.validators }, now);

  // May run in a worker thread; the duplicate check and the insert below stay together, with no await between.
  // --force (npm run add) skips the quality filters, never the guards or the owner's rules.
  const processing = { ...processOptions(ctx.config, { listedUrl: row.url, finalUrl: response.finalUrl, rules: ctx.rulesOf(row) }), skipQuality: ctx.force ?? false };
  const process = (html: string, checkAppShell = false): Promise<ProcessOutcome> => ctx.processor.process(html, response.finalUrl, { ...processing, checkAppShell });
  const options = ctx.pageOptions(row);
  const staticHtml = response.text ?? response.body.toString('utf8');
  let rendered: Extract<RenderOutcome, { type: 'ok' }> | null = null;
  /** Renders the page; false when it ended the URL instead (rejected render_unavailable, or failed). */
  const render = async (why: string): Promise<boolean> => {
    const outcome = await ctx.renderer.render({ url: response.finalUrl, prefetched: prefetchedOf(response), capture: options.archive });
    if (outcome.type === 'unavailable') {
      reject('render_unavailable', `${why}, and ${outcome.detail}`);
      return false;
    }
    if (outcome.type === 'failed') {
      fail(outcome.failure);
      return false;
    }
    summary.render.pages++;
    rendered = outcome;
    return true;
  };

  crashpoint('process:before');
  let processed: ProcessOutcome;
  if (options.render) {
    if (!(await render('the page is set to be rendered'))) return;
    processed = await process(rendered!.html);
  } else {
    // A page that yields no article for want of text is rendered when its HTML is an application shell (checked with the processing).
    processed = await process(staticHtml, ctx.config.crawl.renderFallback);
    const shell = processed.type === 'article' ? undefined : processed.shell;
    if (shell?.shell) {
      if (!(await render(`its static HTML is an application shell (${shell.why})`))) return;
      processed = await process(rendered!.html);
    }
  }
  crashpoint('process:after');
  if (processed.type === 'failed') return fail(processed.failure); // markFetched already counted this attempt
  if (processed.type === 'rejected') return reject(processed.reason, processed.detail);

  const article = { ...processed.article, tags: withTopicKeywords(processed.article.tags, ctx.topic(row.topic_id)?.keywords ?? [], processed.article) };
  const acceptance = acceptArticle(db, row, response.finalUrl, article, ctx.dedup, ctx.policy, new Date(ctx.nowMs()).toISOString());
  if (!acceptance.accepted) {
    bump(summary.rejected, acceptance.reason);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${acceptance.reason} ${acceptance.detail}` });
    return;
  }
  summary.articles += 1 - acceptance.displaced.length;
  for (const urlId of acceptance.displaced) {
    const displaced = urlById(db, urlId)!;
    bump(summary.rejected, String(displaced.reason));
    report({ type: 'page', url: displaced.url, outcome: 'rejected', detail: `displaced by the earlier ${row.url}` });
  }
  report({ type: 'page', url: row.url, outcome: 'article', detail: processed.article.title });
  crashpoint('accept:after');
  if (options.archive) {
    const note = (message: string) => report({ type: 'note', message });
    if (await archivePage({ ...ctx, note }, row, response, acceptance.articleId, rendered, now)) summary.archived++;
  }

  if (ctx.config.images.enabled && processed.article.image) {
    const inBucket = ctx.mediaStore === 'bucket';
    const dir = ctx.media.place(inBucket ? ctx.paths.mediaStaging : ctx.paths.media, now, ctx.config.images.widths.length * ctx.config.images.formats.length);
    const image = await fetchLeadImage(ctx.fetcher, ctx.config, dir, ctx.policy, processed.article.image);
    if (image.ok) {
      if (inBucket) recordStagedImage(ctx.paths, dir, image.image, acceptance.articleId);
      setArticleImage(db, acceptance.articleId, image.image);
      summary.images.stored++;
    } else {
      summary.images.failed++;
      report({ type: 'note', message: `lead image ${processed.article.image.url} of ${row.url} not used: ${image.detail}` });
    }
  }
}
