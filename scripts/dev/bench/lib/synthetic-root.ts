import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeSyntheticSite } from '../../lib/synthetic-content.ts';
import { prepareRoot } from './run-build.ts';

// A synthetic site root for the build benches: content/ and media/ as the publisher writes them
// (scripts/dev/lib/synthetic-content.ts), in a temp folder unless the caller keeps it.

export const BENCH_TOPICS = 10;
export const BENCH_PAGE_SIZE = 10;
export const BENCH_SEED = 1;

export interface SyntheticRoot {
  root: string;
  /** Deletes the root unless it was given by the caller (--keep). */
  dispose(): void;
}

export function syntheticRoot(keep?: string): SyntheticRoot {
  const root = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'gleaner-bench-'));
  prepareRoot(root);
  return { root, dispose: () => (keep ? undefined : rmSync(root, { recursive: true, force: true })) };
}

/** Writes (or extends: article i depends only on the seed and i) the site's content; returns the time it took. */
export async function writeArticles(root: string, articles: number): Promise<number> {
  const started = performance.now();
  await writeSyntheticSite(root, { articles, topics: BENCH_TOPICS, pageSize: BENCH_PAGE_SIZE, seed: BENCH_SEED });
  return performance.now() - started;
}

/** Removes what a build leaves besides content (dist/, the build's manifest and content cache, Astro's cache) so the next build is cold. */
export function coldStart(root: string): void {
  for (const dir of ['dist', join('.gleaner', 'build'), '.astro']) rmSync(join(root, dir), { recursive: true, force: true });
}
