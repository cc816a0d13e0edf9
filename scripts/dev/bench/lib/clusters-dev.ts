// The labelled headline set (shared/datasets/clusters-dev) and the publisher's way of feeding it:
// hourly runs, each reading the articles published on the site in the last 7 days (the newest
// 2,000) into a fresh pool and placing that hour's articles one at a time, oldest first — what
// crawler/publish/stories.ts does with the state.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceHost } from '../../../../crawler/url/index.ts';

export interface Headline {
  /** 1-based, in time order: the article's id in the simulated state. */
  id: number;
  time: number;
  host: string;
  category: string;
  story: string;
  title: string;
  /** 1 or 2: which of the set's weeks. */
  week: number;
}

/** The set's headlines in time order, or null when the folder is missing. */
export function loadHeadlines(dir: string): Headline[] | null {
  const file = join(dir, 'headlines.tsv');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  const header = lines[0]!.split('\t');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column ${name}`);
    return i;
  };
  const [pub, host, cat, story, title] = ['published', 'host', 'category', 'story', 'title'].map(col) as [number, number, number, number, number];
  const rows = lines.slice(1).map((l) => l.split('\t'));
  const times = rows.map((r) => Date.parse(r[pub]!));
  const first = Math.min(...times);
  const out = rows.map((r, i) => ({ id: 0, time: times[i]!, host: sourceHost(`https://${r[host]}/`) ?? r[host]!, category: r[cat]!, story: r[story]!, title: r[title]!, week: times[i]! - first < 30 * 86_400_000 ? 1 : 2 }));
  out.sort((a, b) => a.time - b.time);
  out.forEach((h, i) => (h.id = i + 1));
  return out;
}

/** What the bench needs of a pool: StoryPool's calls. */
export interface PoolLike<I> {
  choose(item: I): { cluster: number } | null;
  add(item: I): void;
  setCluster(id: number, cluster: number): void;
}

const HOUR = 3_600_000;
const POOL_DAYS = 7;
const POOL_SIZE = 2000;

/**
 * Runs the publisher over the headlines, hour by hour: each run's pool holds the articles
 * published in the last POOL_DAYS (the newest POOL_SIZE, as recentlyPublished reads them), made
 * from what the state keeps (`stored`, with the story they were given); then the hour's new
 * articles are placed one by one (`fresh`). Returns each headline's predicted story id.
 */
export function runHourly<I extends { cluster: number | null }>(
  headlines: readonly Headline[],
  makePool: (items: I[]) => PoolLike<I>,
  stored: (h: Headline, cluster: number | null) => I,
  fresh: (h: Headline) => I,
): number[] {
  const cluster = new Map<number, number | null>();
  const publishedAt = new Map<number, number>();
  const published: Headline[] = [];
  let next = 0;
  if (!headlines.length) return [];
  for (let run = Math.floor(headlines[0]!.time / HOUR) * HOUR + HOUR; next < headlines.length; run += HOUR) {
    const batch: Headline[] = [];
    while (next < headlines.length && headlines[next]!.time < run) batch.push(headlines[next++]!);
    if (!batch.length) continue;
    const since = run - POOL_DAYS * 86_400_000;
    const recent: Headline[] = [];
    for (let i = published.length - 1; i >= 0 && recent.length < POOL_SIZE; i--) {
      const h = published[i]!;
      if (publishedAt.get(h.id)! < since) break;
      recent.push(h);
    }
    const pool = makePool(recent.map((h) => stored(h, cluster.get(h.id) ?? null)));
    for (const h of batch) {
      const item = fresh(h);
      const match = pool.choose(item);
      if (match) {
        pool.setCluster(match.cluster, match.cluster);
        if (cluster.get(match.cluster) == null) cluster.set(match.cluster, match.cluster);
        item.cluster = match.cluster;
      }
      cluster.set(h.id, item.cluster);
      pool.add(item);
      publishedAt.set(h.id, run);
      published.push(h);
    }
  }
  return headlines.map((h) => cluster.get(h.id) ?? h.id);
}
