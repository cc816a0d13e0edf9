import { fork } from 'node:child_process';
import { copyFile, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { loadConfig, type Config } from '../crawler/config/index.ts';
import { sitePaths } from '../crawler/paths.ts';
import { cliOptions, isMain } from './lib/cli-args.ts';
import { formatBytes, listFiles, sha256File } from './lib/files.ts';
import type { SkippedArticle } from '../site/lib/article-loader.ts';

// npm run build: Astro renders <root>/content into <root>/dist, Pagefind indexes the article
// pages, and the database and processed images are copied next to the pages.
//
// Astro runs in a child process. A build keeps what it allocated resident after it returns
// (~1.5 GB at 10,000 articles, mostly outside V8's heap, so no collection gives it back), and
// Pagefind's indexer (~3 GB at 10,000 articles) runs after it: in one process the two add up.

const PROJECT = fileURLToPath(new URL('..', import.meta.url));

export interface BuildReport {
  root: string;
  dist: string;
  /** HTML documents written (articles, their AMP pages, lists, tags, legal pages…). */
  pages: number;
  /** All files in dist/, including feeds, sitemaps, media and the search index. */
  files: number;
  /** Pages Pagefind indexed (article pages only). */
  indexedPages: number;
  database: { bytes: number; sha256: string } | null;
  mediaFiles: number;
  /** Articles left out because their Markdown did not render; the rest of the site is built. */
  skipped: SkippedArticle[];
  /** Wall time of the whole build (same as timings.totalMs). */
  durationMs: number;
  timings: { astroMs: number; pagefindMs: number; copyMs: number; totalMs: number };
}

let running: Promise<unknown> = Promise.resolve();

export interface BuildOptions {
  root: string;
  config: Config;
  /** Print nothing but errors. */
  quiet?: boolean;
  /** Show Astro's own log (one line per page). */
  verbose?: boolean;
}

/** Builds the site for `root` with an already validated config. Calls in one process run one at a time, so two builds never hold their memory at once. */
export function buildSite(options: BuildOptions): Promise<BuildReport> {
  const next = running.then(() => buildOnce(options));
  running = next.catch(() => undefined);
  return next;
}

async function buildOnce({ root, config, quiet = false, verbose = false }: BuildOptions): Promise<BuildReport> {
  const paths = sitePaths(root);
  const started = performance.now();
  const say = (line: string) => {
    if (!quiet) console.log(line);
  };
  say(`building ${config.site.title} from ${paths.content}`);
  const oldDist = await moveDistAside(paths);
  const skipped = await astroInChild({ GLEANER_ROOT: paths.root, GLEANER_CONFIG_JSON: JSON.stringify(config), ASTRO_TELEMETRY_DISABLED: '1', [CHILD_FLAG]: verbose ? 'info' : quiet ? 'error' : 'warn' });
  await oldDist.removed;
  const astroDone = performance.now();
  say(`  pages rendered in ${((astroDone - started) / 1000).toFixed(1)}s; indexing for search…`);

  const indexedPages = await buildSearchIndex(paths.dist);
  const pagefindDone = performance.now();

  let database: BuildReport['database'] = null;
  if (existsSync(paths.database)) {
    const target = join(paths.dist, 'data', 'site.sqlite');
    await mkdir(join(paths.dist, 'data'), { recursive: true });
    await copyFile(paths.database, target);
    const sha256 = await sha256File(target);
    await writeFile(`${target}.sha256`, `${sha256}  site.sqlite\n`);
    database = { bytes: (await stat(target)).size, sha256 };
  }
  let mediaFiles = 0;
  if (existsSync(paths.media)) {
    await cp(paths.media, join(paths.dist, 'media'), { recursive: true });
    mediaFiles = (await listFiles(paths.media)).length;
  }
  const done = performance.now();

  const files = await listFiles(paths.dist);
  const report: BuildReport = {
    root: paths.root,
    dist: paths.dist,
    pages: files.filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/')).length,
    files: files.length,
    indexedPages,
    database,
    mediaFiles,
    skipped,
    durationMs: Math.round(done - started),
    timings: { astroMs: Math.round(astroDone - started), pagefindMs: Math.round(pagefindDone - astroDone), copyMs: Math.round(done - pagefindDone), totalMs: Math.round(done - started) },
  };
  if (!quiet) console.log(summary(report));
  return report;
}

const CHILD_FLAG = 'GLEANER_ASTRO_BUILD';
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs `astro build` in a child process (this file, see the end); resolves with the articles it skipped, rejects with the end of its error output. */
function astroInChild(env: Record<string, string>): Promise<SkippedArticle[]> {
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, ...env }, execArgv: ['--import', TSX], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  // A parent that exits (killed, or an error elsewhere) takes its build with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  const skipped: SkippedArticle[] = [];
  child.on('message', (message: { type?: string } & SkippedArticle) => {
    if (message?.type === 'gleaner:skipped-article') skipped.push({ id: message.id, reason: message.reason });
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) done(skipped);
      else fail(new Error(`astro build failed (${signal ?? `exit code ${code}`})${errors.trim() ? `:\n${errors.trim()}` : ''}`));
    });
  });
}

/**
 * Moves the previous dist/ aside and deletes it in the background. Astro would empty it
 * synchronously first, which takes ~20 s for a 30,000-file site on a slow disk.
 */
async function moveDistAside(paths: { root: string; dist: string }): Promise<{ removed: Promise<void> }> {
  if (!existsSync(paths.dist)) return { removed: Promise.resolve() };
  const trash = join(paths.root, '.astro', `old-dist-${process.pid}-${Date.now()}`);
  await mkdir(join(paths.root, '.astro'), { recursive: true });
  await rename(paths.dist, trash);
  // Not awaited here: the deletion runs in libuv's thread pool while Astro renders.
  const removed = rm(trash, { recursive: true, force: true });
  removed.catch(() => undefined);
  return { removed };
}

/** Indexes article pages (the only ones marked data-pagefind-body) into dist/pagefind/. */
async function buildSearchIndex(dist: string): Promise<number> {
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
    // Articles live at <topic>/<slug>/index.html; skipping AMP and list pages saves parsing them.
    const added = await index.addDirectory({ path: dist, glob: '*/*/index.html' });
    if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(dist, 'pagefind') });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    // page_count above counts files read; the entry file counts pages actually indexed.
    const entry = JSON.parse(await readFile(join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
  } finally {
    await pagefind.close();
  }
}

export function summary(report: BuildReport): string {
  const t = report.timings;
  const lines = [
    `built ${report.pages} pages (${report.files} files) into ${report.dist} in ${(t.totalMs / 1000).toFixed(1)}s`,
    `  astro ${(t.astroMs / 1000).toFixed(1)}s · pagefind ${(t.pagefindMs / 1000).toFixed(1)}s (${report.indexedPages} pages indexed) · copy ${(t.copyMs / 1000).toFixed(1)}s`,
    report.database ? `  database ${formatBytes(report.database.bytes)} sha256 ${report.database.sha256}` : '  no database yet (data/site.sqlite)',
    `  ${report.mediaFiles} media files`,
    ...report.skipped.map((a) => `  warning: skipped ${a.id}, its Markdown did not render (${a.reason}); fix or remove content/${a.id}.md`),
  ];
  return lines.join('\n');
}

if (process.env[CHILD_FLAG]) {
  // The child of astroInChild: the environment carries the root and the validated config (astro.config.mjs reads them).
  const logLevel = process.env[CHILD_FLAG] as 'info' | 'warn' | 'error';
  try {
    // Imported here only: the parent never runs Astro, and its modules would sit in its memory beside Pagefind's.
    const { build } = await import('astro');
    await build({ root: PROJECT, logLevel });
    process.exit(0);
  } catch (error) {
    console.error((error as Error).stack ?? error);
    process.exit(1);
  }
} else if (isMain(import.meta.url)) {
  const args = cliOptions(['root', 'config'], 'npm run build -- [--root <dir>] [--config <file>] [--verbose]', ['verbose']);
  try {
    const config = await loadConfig(args.config);
    await buildSite({ root: resolve(args.root ?? process.env.GLEANER_ROOT ?? '.'), config, verbose: args.verbose === true });
  } catch (error) {
    const e = error as Error & { code?: string };
    console.error(e.code === 'E_CONFIG' ? e.message : (e.stack ?? e.message));
    process.exit(1);
  }
}
