import { gunzipSync } from 'node:zlib';
import { fetchProblem, type FetchKind } from '../fetch/index.ts';
import type { SourceRow } from '../store/sources.ts';
import { normalizeUrl } from '../url/index.ts';
import { parseSitemap, type SitemapEntry } from './sitemap.ts';
import { cursorField, failRead, fetchSourceDocument, finishRead } from './source-read.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

// A sitemap source walks its sitemap (index), within a depth limit and a cap on documents, and
// queues the URLs whose <lastmod> is newer than the source's high-water mark: the newest lastmod
// it saw on its last complete read, kept in sources.cursor. The mark is the site's own clock, so
// our clock (and any skew) never matters. URLs without a lastmod are always offered (the URL
// table drops known ones). The mark only moves when a read took in everything: if a child
// sitemap failed or the per-run cap on new URLs was reached, the validators are dropped too, so
// the next run fetches and walks again and picks up the rest (known URLs cost nothing).

interface Cursor {
  highWater: string | null;
}

interface Pending {
  url: string;
  depth: number;
  text: string;
}

export async function readSitemapSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const { maxSitemapDepth, maxSitemapsPerSource, maxUrlsPerSitemap, maxDecompressedBytes } = ctx.config.crawl;
  const highWater = cursorField(source.cursor, 'highWater');
  const doc = await fetchSourceDocument(ctx, source, source.url, kindFor(source.url));
  if (doc.type === 'done') return doc.outcome;
  const rootText = textOf(doc.body, doc.text, maxDecompressedBytes);
  if (rootText === null) return failRead(ctx, source, { code: 'E_SITEMAP_PARSE', message: `${source.url} is gzip beyond ${maxDecompressedBytes} bytes or corrupt` });

  const problems: string[] = [];
  const entries: SitemapEntry[] = [];
  const visited = new Set([key(source.url, ctx), key(doc.finalUrl, ctx)]);
  const queue: Pending[] = [{ url: doc.finalUrl, depth: 0, text: rootText }];
  let documents = 1;
  while (queue.length > 0) {
    const item = queue.shift()!;
    const parsed = parseSitemap(item.text, item.url);
    if (!parsed.ok) {
      if (item.depth === 0) return failRead(ctx, source, { code: parsed.code, message: parsed.message });
      problems.push(`${item.url}: ${parsed.message}`);
      continue;
    }
    if (parsed.type === 'urlset') {
      entries.push(...parsed.entries);
      continue;
    }
    if (item.depth >= maxSitemapDepth) {
      problems.push(`${item.url}: sitemap index nested deeper than crawl.maxSitemapDepth (${maxSitemapDepth})`);
      continue;
    }
    for (const child of parsed.entries) {
      // A child sitemap last modified at or before the mark holds nothing newer than the mark.
      if (highWater && child.lastmod && child.lastmod <= highWater) continue;
      const childKey = key(child.loc, ctx);
      if (visited.has(childKey)) continue; // a cycle, or listed twice
      visited.add(childKey);
      if (documents >= maxSitemapsPerSource) {
        problems.push(`more than crawl.maxSitemapsPerSource (${maxSitemapsPerSource}) sitemaps; the rest next run`);
        break;
      }
      documents++;
      const fetched = await fetchChild(ctx, child.loc, maxDecompressedBytes);
      if (typeof fetched === 'string') {
        problems.push(fetched);
        continue;
      }
      visited.add(key(fetched.finalUrl, ctx));
      queue.push({ url: fetched.finalUrl, depth: item.depth + 1, text: fetched.text });
    }
  }

  const candidates = newest(entries.filter((e) => !highWater || !e.lastmod || e.lastmod > highWater));
  const links = candidates.map((e) => ({ url: e.loc, published: e.lastmod, context: 'sitemap' as const }));
  const counts = ctx.found.links(source, links, maxUrlsPerSitemap);
  const capped = counts.consumed < links.length;
  if (capped) problems.push(`reached crawl.maxUrlsPerSitemap (${maxUrlsPerSitemap}); the rest next run`);
  const complete = problems.length === 0;
  const seenMax = entries.reduce<string | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null);
  const nextMark = complete && seenMax && (!highWater || seenMax > highWater) ? seenMax : highWater;
  return finishRead(
    ctx,
    source,
    { status: 'read', items: entries.length, newUrls: counts.newUrls, requeued: counts.requeued, detail: `${documents} sitemap(s)${problems.length ? `; ${problems.join('; ')}` : ''}` },
    { validators: doc.validators, incomplete: !complete, cursor: nextMark === highWater ? undefined : JSON.stringify({ highWater: nextMark } satisfies Cursor) },
  );
}

/** Newest lastmod first, undated last; each URL once. */
function newest(entries: SitemapEntry[]): SitemapEntry[] {
  const byUrl = new Map<string, SitemapEntry>();
  for (const e of entries) {
    const seen = byUrl.get(e.loc);
    if (!seen || (e.lastmod && (!seen.lastmod || e.lastmod > seen.lastmod))) byUrl.set(e.loc, e);
  }
  return [...byUrl.values()].sort((a, b) => (b.lastmod ?? '').localeCompare(a.lastmod ?? ''));
}

function key(url: string, ctx: DiscoveryContext): string {
  const normalized = normalizeUrl(url, { policy: ctx.policy });
  return normalized.ok ? normalized.url : url;
}

/** Gzipped sitemaps (sitemap.xml.gz) come as application/gzip, which only the 'other' kind accepts. */
function kindFor(url: string): FetchKind {
  return /\.gz(?:$|[?#])/i.test(url) ? 'other' : 'feed';
}

function textOf(body: Buffer, text: string | null, maxBytes: number): string | null {
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return gunzipSync(body, { maxOutputLength: maxBytes }).toString('utf8');
    } catch {
      return null;
    }
  }
  return text ?? body.toString('utf8');
}

async function fetchChild(ctx: DiscoveryContext, url: string, maxBytes: number): Promise<{ finalUrl: string; text: string } | string> {
  const outcome = await ctx.fetcher.fetch({ url, kind: kindFor(url) });
  if (outcome.type !== 'ok') return `${url}: ${fetchProblem(outcome)}`;
  const text = textOf(outcome.body, outcome.text, maxBytes);
  return text === null ? `${url}: corrupt or oversized gzip` : { finalUrl: outcome.finalUrl, text };
}
