import { createHash } from 'node:crypto';
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { htmlToText } from '../../crawler/clean/html-text.ts';
import { articleDateText } from '../model/article-time.ts';
import { rfc3339 } from '../model/dates.ts';
import { imageAttrs } from '../html/images.ts';
import { shownBody } from '../model/reuse.ts';
import { articleHtml } from '../html/article-body.ts';
import type { Article, SiteIndex } from '../model/site-index.ts';
import { card } from './page-keys.ts';

// Search that grows by shards. Articles, in the order the site published them, are cut into
// shards of SHARD_SIZE; each shard is its own Pagefind index (pagefind/s0000/, s0001/…). Only the
// newest shard takes new articles, so a run re-indexes one shard of at most SHARD_SIZE articles
// and the deploy uploads its files only; a full shard never changes again. The browser searches
// the newest shards first and merges older ones (Pagefind's mergeIndex) as the reader asks for
// more (site/client/pagefind.ts), so a first search downloads what two or three shards weigh,
// however large the site. pagefind/shards.json lists the shards, newest first.

/**
 * Articles per shard. Pagefind's indexer holds about 0.7 KB per word it indexes while it writes a
 * shard (0.29 GB for a newest shard of 900 articles, 0.31 GB for a full one, 0.54 GB for 1,700):
 * an hourly build re-indexes the newest shard beside Astro's child, and with 2,000 it passed
 * 1.2 GB (BENCHMARKS.md). A first search still covers FIRST_TIER_SHARDS of them.
 */
export const SHARD_SIZE = 1000;
/** How many full shards' worth of the newest articles a first search covers (2,000 at SHARD_SIZE). */
const FIRST_TIER_SHARDS = 2;

/** The files of a Pagefind bundle the site uses: its script, WebAssembly, entry, metadata and index. The UI bundles are removed. */
const KEPT = /^(pagefind\.js|pagefind-entry\.json|.*\.pf_meta|wasm\..*\.pagefind|index|fragment|filter)$/;

export interface SearchShard {
  /** Bundle folder relative to dist/: "pagefind/s0003/". */
  bundle: string;
  articles: Article[];
  key: string;
}

export interface ShardList {
  /** Newest first. */
  shards: Array<{ bundle: string; articles: number }>;
  articles: number;
  /** How many of the newest articles a search covers before the reader asks for older ones: FIRST_TIER_SHARDS shards' worth. */
  firstTier: number;
}

function shardName(k: number): string {
  return `pagefind/s${String(k).padStart(4, '0')}/`;
}

/** What a search result shows of an article, and what it is found by. */
function recordOf(index: SiteIndex, article: Article, html: string): pagefind.CustomRecord {
  const { config, routes } = index;
  const data = article.data;
  const topic = index.topicBySlug.get(article.topic);
  const date = articleDateText(data, config.site);
  // The story an article tells, as the search page groups results: its first article's id, which never changes.
  const meta: Record<string, string> = { title: data.title, date: date.text, datetime: rfc3339(date.iso), source: article.source, story: String(data.cluster ?? data.id) };
  const host = article.host;
  if (host) Object.assign(meta, { sourcePage: routes.source(host), sourceIcon: routes.sourceIcon(host) });
  const mode = article.mode;
  if (data.image && mode !== 'link') meta.image = imageAttrs(data.image, routes.asset, 320).src;
  // Only what the page shows is found: an excerpt's lead paragraphs, a link's description.
  const shown = mode === 'link' ? data.description : htmlToText(shownBody(mode, html));
  return {
    url: article.path,
    content: `${data.title}. ${shown}`,
    language: searchLanguage(config),
    meta,
    filters: { topic: [topic?.name ?? article.topic], tag: article.tags.map((t) => t.name) },
    // Fixed-width ISO: Pagefind compares sort values as strings.
    sort: { date: new Date(data.publishedOnSite).toISOString() },
  };
}

/**
 * The shards of the site's articles, oldest first, each with the key of everything its index holds.
 * `recorded`: a shard before `from` keeps its recorded key unmade (a build that only added articles
 * changes only the newest shard or two: page-reach.ts).
 */
export function searchShards(index: SiteIndex, prefix: string, size = SHARD_SIZE, recorded?: { from: number; key(bundle: string): string | undefined }): SearchShard[] {
  const ordered = [...index.articles].reverse();
  const shards: SearchShard[] = [];
  for (let k = 0; k * size < ordered.length; k++) {
    const articles = ordered.slice(k * size, (k + 1) * size);
    const known = recorded && k < recorded.from ? recorded.key(shardName(k)) : undefined;
    if (known !== undefined) {
      shards.push({ bundle: shardName(k), articles, key: known });
      continue;
    }
    const hash = createHash('sha256').update(prefix);
    // A record shows the article's card (its address, frontmatter and source: page-keys.ts makes it once), its body and tags as the site names them.
    for (const a of articles) hash.update(`${card(a)}\0${a.bodySha}\0${a.mode}\0${JSON.stringify(a.tags)}\n`);
    shards.push({ bundle: shardName(k), articles, key: hash.digest('base64url').slice(0, 22) });
  }
  return shards;
}

export function shardList(shards: SearchShard[], size = SHARD_SIZE): ShardList {
  return { shards: [...shards].reverse().map((s) => ({ bundle: s.bundle, articles: s.articles.length })), articles: shards.reduce((n, s) => n + s.articles.length, 0), firstTier: FIRST_TIER_SHARDS * size };
}

/** Indexes the given shards into `outDir` (a folder laid out like dist/). */
export async function writeSearchShards(index: SiteIndex, root: string, shards: SearchShard[], outDir: string): Promise<void> {
  await writeSearchBundles((async function* () {
    for (const shard of shards) yield { bundle: shard.bundle, records: await shardRecords(index, root, shard) };
  })(), searchLanguage(index.config), outDir);
}

/** A shard's bundle and what its index holds: everything it needs but the site index, so another process can write it. */
export interface ShardRecords {
  bundle: string;
  records: pagefind.CustomRecord[];
}

export function searchLanguage(config: SiteIndex['config']): string {
  return config.site.language.slice(0, 2).toLowerCase();
}

/** The records of a shard's articles (their bodies read from the HTML cache). */
export async function shardRecords(index: SiteIndex, root: string, shard: SearchShard): Promise<pagefind.CustomRecord[]> {
  const records: pagefind.CustomRecord[] = [];
  for (const article of shard.articles) records.push(recordOf(index, article, await articleHtml(root, article)));
  return records;
}

/** Indexes each shard's records into its bundle under `outDir` (a folder laid out like dist/). */
export async function writeSearchBundles(shards: Iterable<ShardRecords> | AsyncIterable<ShardRecords>, language: string, outDir: string): Promise<void> {
  try {
    for await (const shard of shards) {
      const { index: pf, errors } = await pagefind.createIndex({ forceLanguage: language });
      if (!pf) throw new Error(`pagefind: ${errors.join('; ')}`);
      for (const record of shard.records) {
        const added = await pf.addCustomRecord(record);
        if (added.errors.length) throw new Error(`pagefind: ${record.url}: ${added.errors.join('; ')}`);
      }
      const out = join(outDir, shard.bundle);
      const written = await pf.writeFiles({ outputPath: out });
      if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
      await pf.deleteIndex();
      for (const name of await readdir(out)) if (!KEPT.test(name)) await rm(join(out, name), { recursive: true, force: true });
    }
  } finally {
    await pagefind.close();
  }
}

export async function writeShardList(list: ShardList, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'pagefind'), { recursive: true });
  await writeFile(join(outDir, 'pagefind', 'shards.json'), `${JSON.stringify(list)}\n`);
}
