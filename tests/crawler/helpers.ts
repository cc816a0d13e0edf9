// Shared set-up for crawler runs: the sample web (small fixture article set), temp roots, a movable clock.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, type Config, type UserConfig } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { openState } from '../../crawler/store/state.ts';
import { demoConfig, startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES } from '../demo/http.ts';

/** The sample web with the small fixture article set (tests/demo/fixtures/articles). */
export function smallSampleWeb(): Promise<SampleWeb> {
  return startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
}

/** The demo config, without images (speed) or politeness delays, patched per test. */
export function testConfig(web: { resolve: Record<string, string> }, patch: (c: UserConfig) => UserConfig = (c) => c): Config {
  const base = demoConfig(web);
  return parseConfig(patch({ ...base, images: { enabled: false }, crawl: { ...base.crawl, perHostDelayMs: 0, retries: 0 } }));
}

const roots: string[] = [];
export function tempRoot(): SitePaths {
  const root = mkdtempSync(join(tmpdir(), 'gleaner-crawl-'));
  roots.push(root);
  return sitePaths(root);
}
export function removeTempRoots(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

export interface Clock {
  now: number;
  fn: () => number;
  advance(ms: number): void;
}
export function clock(start = Date.parse('2026-04-01T08:00:00Z')): Clock {
  const c: Clock = { now: start, fn: () => c.now, advance: (ms) => void (c.now += ms) };
  return c;
}

export const HOUR = 3600_000;

export async function query<T>(paths: SitePaths, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = await openState(paths, { readOnly: true });
  try {
    return db.all<T>(sql, params as never);
  } finally {
    db.close();
  }
}

export async function publishedUrls(paths: SitePaths): Promise<string[]> {
  return (await query<{ source_url: string }>(paths, `SELECT source_url FROM articles WHERE status = 'published' ORDER BY source_url`)).map((r) => r.source_url);
}

/** Every file under a root, path → bytes (not the local cache in .gleaner/, which is never committed). */
export function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(root)) return files;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !join(entry.parentPath, entry.name).slice(root.length).startsWith('/.gleaner/')) {
      const file = join(entry.parentPath, entry.name);
      files.set(file.slice(root.length), readFileSync(file).toString('base64'));
    }
  }
  return files;
}
