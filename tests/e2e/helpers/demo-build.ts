import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../crawler/config/index.ts';
import { listFiles } from '../../../scripts/deploy/files.ts';
import { demoSiteConfig, makeDemoSite } from '../../../scripts/dev/lib/demo-site.ts';

// One crawl + build of the demo site shared by every e2e test file, cached under
// .astro/e2e-demo/<key>, where the key hashes everything that shapes the output (the
// sample web, the crawler, the site, the build). The first test file to need it builds it
// under a lock; the others wait for it; a later run with the same code reuses it. Built in
// two publish runs (see makeDemoSite) so tests can compare the first build with the second.

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = join(PROJECT, '.astro', 'e2e-demo');
const INPUTS = ['crawler', 'site', 'scripts', 'astro.config.mjs', 'package-lock.json'];
const STALE_AFTER_MS = 15 * 60_000;
/** 22 of the 30-32 articles per topic in the first run: pages 1 and 2 fill (10 a page) and page 3 starts; the second run's 8-10 leave first-run articles in every 20-item topic feed. */
export const FIRST_RUN_PER_TOPIC = 22;

export interface DemoBuild {
  root: string;
  dist: string;
  /** The first publish run's pages, feeds and sitemaps. */
  firstDist: string;
  config: Config;
  pageSize: number;
}

async function inputKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const path = join(PROJECT, input);
    if (!existsSync(path)) continue;
    const files = (await stat(path)).isFile() ? [''] : (await listFiles(path)).sort();
    for (const file of files) {
      const full = file ? join(path, file) : path;
      hash.update(`${input}/${file}\0`);
      hash.update(await readFile(full));
    }
  }
  hash.update(String(FIRST_RUN_PER_TOPIC));
  return hash.digest('hex').slice(0, 16);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock directory, or reports who holds it. A lock left by a dead process is taken over. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    await writeFile(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      // Just created by another process, pid not written yet: it is alive.
      return false;
    }
    if (Number.isInteger(holder) && !alive(holder)) await rm(lock, { recursive: true, force: true });
    return false;
  }
}

function waitABit(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Removes builds for other inputs, unless in use (locked) or recent (another test process may be reading one). */
async function removeStale(keep: string): Promise<void> {
  for (const entry of await readdir(CACHE).catch(() => [] as string[])) {
    if (entry === keep || entry.endsWith('.lock') || existsSync(join(CACHE, `${entry}.lock`))) continue;
    const { mtimeMs } = await stat(join(CACHE, entry));
    if (Date.now() - mtimeMs < STALE_AFTER_MS) continue;
    await rm(join(CACHE, entry), { recursive: true, force: true });
  }
}

function demoAt(root: string): DemoBuild {
  const config = demoSiteConfig();
  return { root, dist: join(root, 'dist'), firstDist: join(root, 'dist-first'), config, pageSize: config.publish.pageSize };
}

/** The shared demo build (built on first use; later calls in any process reuse it). */
export async function demoBuild(): Promise<DemoBuild> {
  const key = await inputKey();
  const root = join(CACHE, key);
  const done = join(root, 'demo.json');
  const lock = join(CACHE, `${key}.lock`);
  await mkdir(CACHE, { recursive: true });
  for (;;) {
    if (existsSync(done)) return demoAt(root);
    if (await tryLock(lock)) break;
    // Another test file is building it: check again shortly (a condition, not a timing).
    await waitABit(500);
  }
  try {
    if (existsSync(done)) return demoAt(root);
    await rm(root, { recursive: true, force: true });
    await removeStale(key);
    const started = performance.now();
    const site = await makeDemoSite(root, { firstRunPerTopic: FIRST_RUN_PER_TOPIC });
    await writeFile(done, `${JSON.stringify({ key, pages: site.build.pages, ms: Math.round(performance.now() - started) })}\n`);
    console.log(`e2e demo site: ${site.build.pages} pages crawled and built in ${((performance.now() - started) / 1000).toFixed(1)} s (cached as ${key})`);
    return demoAt(root);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
