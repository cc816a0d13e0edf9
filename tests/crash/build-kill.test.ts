import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { memoryFile } from '../../site/html/html-cache.ts';
import { summaryCacheFile } from '../../site/html/summary-cache.ts';
import { tellStories } from '../site/helpers/stories.ts';
import { stageFor } from '../../site/builder/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { snapshot } from '../site/helpers/dist.ts';
import { RUN } from '../helpers/run-command.ts';

// SIGKILL inside the build's memory write (crashpoint build:memory-write: the merge into dist/
// done, the manifest's rows changed, not yet committed). The memory must be the last build's,
// whole (SQLite's rollback journal undoes the rest when it is next opened), and the next build
// must finish with the site one unkilled build makes.
//
// And SIGKILL of a cold build while its planning process (site/builder/planner.ts) indexes search
// beside Astro's child (crashpoint build:rendering): no handler of the parent runs, so the child must stop
// by itself (its channel to the parent closes), not write on beside the next build, and so must
// Astro's child, rendering meanwhile; the next build
// then makes the site an unkilled build makes.

const run = promisify(execFile);
const BUILD = join(process.cwd(), 'scripts', 'build.ts');
let parent: string;
let killed: string;
let clean: string;
let orphaned: string;

function build(root: string, env: Record<string, string> = {}, args: string[] = []) {
  return run(process.execPath, [RUN, BUILD, '--root', root, '--config', join(parent, 'site.config.mjs'), ...args], { cwd: process.cwd(), env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
}

function manifestRows(root: string): { head: unknown; pages: unknown; files: unknown; integrity: unknown } {
  const db = new DatabaseSync(memoryFile(root));
  try {
    return {
      integrity: db.prepare('PRAGMA integrity_check').get(),
      head: db.prepare("SELECT name, value FROM meta WHERE name LIKE 'manifest.%' ORDER BY name").all(),
      pages: db.prepare('SELECT file, key FROM pages ORDER BY file').all(),
      files: db.prepare('SELECT file, md5, size FROM files ORDER BY file').all(),
    };
  } finally {
    db.close();
  }
}

/** Appends a paragraph to the newest article: the next build renders its pages again. */
function editNewest(root: string): void {
  const db = new DatabaseSync(memoryFile(root), { readOnly: true });
  const { file } = db.prepare('SELECT file FROM content ORDER BY file DESC LIMIT 1').get() as { file: string };
  db.close();
  writeFileSync(join(root, file), `${readFileSync(join(root, file), 'utf8')}\nA paragraph written after the first build.\n`);
}

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-build-kill-'));
  const config = syntheticConfig({ topics: 1, pageSize: 5, url: 'https://news.example.com' });
  config.site.legal = { ...config.site.legal, email: 'hello@gleaner-news.net', dmcaEmail: 'dmca@gleaner-news.net' };
  writeFileSync(join(parent, 'site.config.mjs'), `export default ${JSON.stringify(config)};\n`);
  killed = join(parent, 'killed');
  clean = join(parent, 'clean');
  orphaned = join(parent, 'orphaned');
  await writeSyntheticSite(killed, { articles: 8, topics: 1, pageSize: 5, seed: 8 });
  await build(killed);
  cpSync(killed, clean, { recursive: true });
  cpSync(killed, orphaned, { recursive: true });
  editNewest(killed);
  editNewest(clean);
  editNewest(orphaned);
}, 600_000);

/** The build's children still running for `root`: its planning process and Astro's child (each is passed the root as its argument). */
function childrenOf(root: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /(planner|astro)-child\.ts/.test(line) && line.includes(root));
}

async function distOf(root: string): Promise<Map<string, Buffer>> {
  const files = await snapshot(join(root, 'dist'));
  files.delete('.gleaner/files.json');
  return files;
}

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('a build killed while writing its memory', () => {
  it('leaves the last build\'s manifest whole, and the next build makes the site an unkilled build makes', async () => {
    const before = manifestRows(killed);
    const failed = await build(killed, { GLEANER_CRASH_AT: 'build:memory-write:1' }).then(
      () => null,
      (error: { signal: string | null }) => error,
    );
    expect(failed?.signal).toBe('SIGKILL');
    expect(manifestRows(killed)).toEqual(before);
    expect(before.integrity).toEqual({ integrity_check: 'ok' });

    await build(killed);
    await build(clean);
    const drop = (files: Map<string, Buffer>) => {
      files.delete('.gleaner/files.json');
      return files;
    };
    const [a, b] = [drop(await snapshot(join(killed, 'dist'))), drop(await snapshot(join(clean, 'dist')))];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !b.get(file)?.equals(bytes)).map(([file]) => file)).toEqual([]);
    const [after, expected] = [manifestRows(killed), manifestRows(clean)];
    expect(after.pages).toEqual(expected.pages);
    expect(after.files).toEqual(expected.files);
  }, 600_000);
});

describe('a cold build killed while its planning process indexes search', () => {
  it('takes the planning process with it, and the next build makes the site an unkilled build makes', async () => {
    const failed = await build(orphaned, { GLEANER_CRASH_AT: 'build:rendering:1' }, ['--cold']).then(
      () => null,
      (error: { signal: string | null }) => error,
    );
    expect(failed?.signal).toBe('SIGKILL');
    // The child notices the closed channel at once; the deadline only bounds a test that would otherwise hang.
    const deadline = Date.now() + 60_000;
    while (childrenOf(orphaned).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(childrenOf(orphaned)).toEqual([]);
    // They stopped with their parent: had they gone on, the planning process would have written the
    // search shard's files, and Astro's child the home page.
    const stage = stageFor(sitePaths(orphaned));
    expect(existsSync(join(stage, 'search', 'pagefind', 's0000', 'pagefind-entry.json'))).toBe(false);
    expect(existsSync(join(stage, 'astro', 'index.html'))).toBe(false);
    expect(manifestRows(orphaned).integrity).toEqual({ integrity_check: 'ok' });

    await build(orphaned);
    await build(clean); // built once already when the test above ran; the same site either way
    const [a, b] = [await distOf(orphaned), await distOf(clean)];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !b.get(file)?.equals(bytes)).map(([file]) => file)).toEqual([]);
    expect(manifestRows(orphaned).pages).toEqual(manifestRows(clean).pages);
  }, 600_000);
});

describe('a build whose Astro child is killed while it writes the story summaries it kept', () => {
  it('fails, leaves a file the next build reads or replaces, and the next build makes the site an unkilled build makes', async () => {
    const [summarised, unkilled] = [join(parent, 'summarised'), join(parent, 'unkilled')];
    await writeSyntheticSite(summarised, { articles: 6, topics: 1, pageSize: 5, seed: 6 });
    // Articles 1, 3 and 5 tell one story, each from its own outlet: every build shows its summary (/stories/).
    await tellStories(summarised, { 1: [1, 3, 5] }, { 1: 'The rebuilt river barrier will open to traffic next spring, officials in Brackenford confirmed.' });
    await build(summarised);
    expect(existsSync(summaryCacheFile(summarised))).toBe(true);
    cpSync(summarised, unkilled, { recursive: true });

    const failed = await build(summarised, { GLEANER_CRASH_AT: 'build:summaries-write:1' }).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failed?.stderr).toMatch(/astro build failed \(SIGKILL/);
    await build(summarised);
    const db = new DatabaseSync(summaryCacheFile(summarised), { readOnly: true });
    try {
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect((db.prepare('SELECT count(*) AS n FROM summaries').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    await build(unkilled);
    await build(unkilled);
    const [a, b] = [await distOf(summarised), await distOf(unkilled)];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !b.get(file)?.equals(bytes)).map(([file]) => file)).toEqual([]);
  }, 600_000);
});
