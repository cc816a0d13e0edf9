import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { memoryFile } from '../../crawler/store/engine.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { openState } from '../../crawler/store/state.ts';
import { buildDataFilesApart } from '../../site/builder/data/apart.ts';
import { buildDataFiles, type DataBuild } from '../../site/builder/data/index.ts';
import { takeParts, writeInHelper } from '../../site/builder/data/part-writers.ts';
import { planData } from '../../site/builder/data/plan.ts';
import { openStateReader } from '../../crawler/store/read.ts';
import { articleParts, crawlParts, partName } from '../../site/builder/data/parts.ts';
import { DATA_FORMAT, DATA_PAGE_SIZE } from '../../site/builder/data/schema.ts';
import { imagePool, writeHistoryRun, type ImagePool } from '../../scripts/dev/bench/lib/longevity-history.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';

// The data files of /data/ from a real crawler state (runs written by the store and the
// publisher, as bench:longevity writes them), with parts small enough that a month has several.
// A build after a run must write only the files holding what the run changed, and leave /data/
// exactly as a build from scratch would.

const SIZES = { articles: 8, urls: 20 };
const config = parseConfig(demoConfig({ resolve: {} }));
/** Eight articles a day from the 29th of January: the third run publishes in February. */
const START_MS = Date.UTC(2026, 0, 29);
const SPACING_MS = 3 * 3_600_000;

let SQL: SqlJsStatic;
let work: string;
let paths: SitePaths;
let pool: ImagePool;
let next = 0;

async function run(count: number): Promise<void> {
  await writeHistoryRun({ paths, config, first: next, count, startMs: START_MS, spacingMs: SPACING_MS, images: pool });
  next += count;
}

function filesIn(dir: string): Map<string, Buffer> {
  const data = join(dir, 'data');
  return new Map(readdirSync(data).map((name) => [name, readFileSync(join(data, name))]));
}

function query<T>(bytes: Uint8Array, sql: string): T[] {
  const db = new SQL.Database(bytes);
  try {
    const result = db.exec(sql)[0];
    return (result?.values ?? []).map((row) => Object.fromEntries(result!.columns.map((c, i) => [c, row[i]])) as T);
  } finally {
    db.close();
  }
}

let first: DataBuild;
let second: DataBuild;
let cold: DataBuild;

beforeAll(async () => {
  SQL = await initSqlJs();
  work = mkdtempSync(join(tmpdir(), 'gleaner-data-files-'));
  paths = sitePaths(join(work, 'site'));
  pool = await imagePool(config);
  for (let i = 0; i < 3; i++) await run(10);
  first = await buildDataFiles(paths, null, [], join(work, 'first'), SIZES);
  await run(5);
  second = await buildDataFiles(paths, first.manifest, [], join(work, 'second'), SIZES);
  cold = await buildDataFiles(paths, null, [], join(work, 'cold'), SIZES);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('cutting the data into parts', () => {
  it('names part 1 without a number and fills parts in order', () => {
    const parts = articleParts('2026-01', [1, 2, 3, 4, 5], 2);
    expect(parts.map((p) => [p.name, p.ids])).toEqual([
      ['articles-2026-01.sqlite', [1, 2]],
      ['articles-2026-01-2.sqlite', [3, 4]],
      ['articles-2026-01-3.sqlite', [5]],
    ]);
    expect(partName('crawl', '2026-02', 2)).toBe('crawl-2026-02-2.sqlite');
  });

  it('keeps a part’s fingerprint while the parts after it grow', () => {
    const before = articleParts('2026-01', [1, 2, 3], 2);
    const after = articleParts('2026-01', [1, 2, 3, 4, 5], 2);
    expect(after[0]!.fingerprint).toBe(before[0]!.fingerprint);
    expect(after[1]!.fingerprint).not.toBe(before[1]!.fingerprint);
  });

  it('puts each run with the part that was newest when it started', () => {
    const urls = [1, 2, 3, 4].map((id) => ({ id, discovered_at: `2026-01-0${id}T00:00:00Z` }));
    const parts = crawlParts('2026-01', urls, [{ id: 7, started_at: '2026-01-01T12:00:00Z' }, { id: 8, started_at: '2026-01-03T12:00:00Z' }], 2);
    expect(parts.map((p) => [p.ids, p.runIds])).toEqual([
      [[1, 2], [7]],
      [[3, 4], [8]],
    ]);
    expect(crawlParts('2026-03', [], [{ id: 9, started_at: '2026-03-02T00:00:00Z' }])).toMatchObject([{ name: 'crawl-2026-03.sqlite', ids: [], runIds: [9] }]);
  });
});

describe('the data files of a real state', () => {
  it('holds every published article once, across months and parts, with its body and search index', () => {
    const files = filesIn(join(work, 'cold'));
    const articleFiles = [...files.keys()].filter((n) => n.startsWith('articles-') && n.endsWith('.sqlite'));
    expect(articleFiles).toEqual(expect.arrayContaining(['articles-2026-01.sqlite', 'articles-2026-01-2.sqlite', 'articles-2026-02.sqlite']));
    const ids = articleFiles.flatMap((name) => query<{ id: number }>(files.get(name)!, 'SELECT id FROM articles').map((r) => r.id));
    expect(ids.length).toBe(next);
    expect(new Set(ids).size).toBe(next);
    for (const name of articleFiles) {
      const bytes = files.get(name)!;
      expect(query<{ n: number }>(bytes, 'SELECT count(*) AS n FROM articles')[0]!.n).toBeLessThanOrEqual(SIZES.articles);
      expect(query<{ value: string }>(bytes, "SELECT value FROM meta WHERE key = 'format'")[0]!.value).toBe(DATA_FORMAT);
      expect(query<{ n: number }>(bytes, "SELECT count(*) AS n FROM articles WHERE length(markdown) < 500 OR length(text) < 500")[0]!.n).toBe(0);
      const word = query<{ title: string }>(bytes, 'SELECT title FROM articles LIMIT 1')[0]!.title.split(' ')[0]!;
      expect(query<{ n: number }>(bytes, `SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH '${word.replace(/'/g, "''")}'`)[0]!.n).toBeGreaterThan(0);
      expect(files.get(`${name}.sha256`)!.toString()).toMatch(/^[0-9a-f]{64} {2}articles-/);
    }
  });

  it('writes every file with small pages and a rollback journal, so a reader over HTTP range requests can open it (no -wal file to see)', () => {
    const files = [...filesIn(join(work, 'cold'))].filter(([name]) => name.endsWith('.sqlite'));
    expect(files.length).toBeGreaterThan(3);
    for (const [name, bytes] of files) {
      // The header: page size at offset 16, then the write and read versions (1: rollback journal, 2: WAL).
      expect({ name, pageSize: bytes.readUInt16BE(16), write: bytes[18], read: bytes[19] }).toEqual({ name, pageSize: DATA_PAGE_SIZE, write: 1, read: 1 });
      expect(bytes.length % DATA_PAGE_SIZE).toBe(0);
      expect(query<{ journal_mode: string }>(bytes, 'PRAGMA journal_mode')[0]!.journal_mode).not.toBe('wal');
    }
  });

  it('lists every URL once in the crawl log, with the runs', () => {
    const files = filesIn(join(work, 'cold'));
    const crawl = [...files.keys()].filter((n) => n.startsWith('crawl-') && n.endsWith('.sqlite'));
    const urls = crawl.flatMap((name) => query<{ id: number }>(files.get(name)!, 'SELECT id FROM urls').map((r) => r.id));
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBe(next);
    const runs = crawl.flatMap((name) => query<{ id: number }>(files.get(name)!, 'SELECT id FROM runs').map((r) => r.id));
    expect(runs.sort()).toEqual([1, 2, 3, 4]);
  });

  it('makes site.sqlite the catalog once the site outgrows one part, listing every file with its checksum', () => {
    const files = filesIn(join(work, 'cold'));
    const catalog = query<{ name: string; sha256: string; bytes: number }>(files.get('site.sqlite')!, 'SELECT name, sha256, bytes FROM files ORDER BY name');
    const listed = [...files.keys()].filter((n) => n.endsWith('.sqlite') && n !== 'site.sqlite').sort();
    expect(catalog.map((f) => f.name)).toEqual(listed);
    for (const f of catalog) expect(f.sha256).toBe(files.get(`${f.name}.sha256`)!.toString().slice(0, 64));
    expect(cold.manifest.index!.site!.complete).toBe(false);
  });
});

describe('a build after one more run', () => {
  it('writes only the newest parts and the catalog', () => {
    expect(second.written.sort()).toEqual(['articles-2026-02-2.sqlite', 'crawl-2026-02.sqlite', 'site.sqlite'].sort());
  });

  it('leaves /data/ exactly as a build from scratch would', () => {
    const merged = new Map([...filesIn(join(work, 'first')), ...filesIn(join(work, 'second'))]);
    const reference = filesIn(join(work, 'cold'));
    expect([...merged.keys()].filter((n) => reference.has(n) || !n.startsWith('site')).sort()).toEqual([...reference.keys()].sort());
    for (const [name, bytes] of reference) expect(merged.get(name)!.equals(bytes), name).toBe(true);
    expect(second.manifest.files).toEqual(cold.manifest.files);
  });

  it('are the same when written in a worker thread, as the build writes them (what it read ends with the worker)', async () => {
    const apart = buildDataFilesApart({ paths, previous: null, changedFiles: [], outDir: join(work, 'apart'), sizes: SIZES });
    // The sources' health is told apart from the files, and is what the manifest then holds.
    const sources = await apart.sources;
    const { build } = await apart.files;
    expect(sources).toEqual(build.manifest.sources);
    expect(sources.length).toBeGreaterThan(0);
    expect(build.manifest.files).toEqual(cold.manifest.files);
    expect(build.written.sort()).toEqual([...cold.written].sort());
  });

  it('are the same bytes when the second writer writes a part as when this thread does (part-writers.ts)', async () => {
    const state = await openStateReader(paths);
    try {
      const plan = planData(state, {}, null, [], SIZES);
      expect(plan.write.length).toBeGreaterThan(2);
      const here = join(work, 'this-thread');
      const helper = join(work, 'helper');
      await takeParts(state, { paths, outDir: here, reuse: null, parts: plan.write }, new Int32Array(new SharedArrayBuffer(4)), () => undefined);
      const written: string[] = [];
      await writeInHelper({ paths, outDir: helper, reuse: null, parts: plan.write }, new Int32Array(new SharedArrayBuffer(4)), (part) => written.push(part.name));
      expect(written.sort()).toEqual(plan.write.map((p) => p.name).sort());
      const fromHelper = filesIn(helper);
      const cold = filesIn(join(work, 'cold'));
      for (const [name, bytes] of filesIn(here)) {
        expect(fromHelper.get(name)?.equals(bytes), name).toBe(true);
        expect(cold.get(name)?.equals(bytes), name).toBe(true);
      }
    } finally {
      state.close();
    }
  });

  it("tell the sources' health before writing any file (the build keys its pages with it meanwhile)", async () => {
    const out = join(work, 'told');
    let told: { sources: number; files: string[] } | null = null;
    const built = await buildDataFiles(paths, null, [], out, SIZES, null, (sources) => (told = { sources: sources.length, files: existsSync(out) ? readdirSync(out, { recursive: true }).map(String) : [] }));
    expect(told).toEqual({ sources: built.manifest.sources!.length, files: [] });
    expect(built.written.length).toBeGreaterThan(2);
  });

  it('writes nothing when nothing changed', async () => {
    const again = await buildDataFiles(paths, cold.manifest, [], join(work, 'again'), SIZES);
    expect(again.written).toEqual([]);
  });

  it('rewrites the part of an article whose body changed by hand', async () => {
    const part = cold.manifest.files['articles-2026-01.sqlite']!;
    const bytes = filesIn(join(work, 'cold')).get(part.name)!;
    const { id } = query<{ id: number }>(bytes, 'SELECT id FROM articles LIMIT 1')[0]!;
    const state = await openState(paths, { readOnly: true });
    const path = state.get<{ file: string }>('SELECT file FROM articles WHERE id = ?', [id])!.file;
    state.close();
    const again = await buildDataFiles(paths, cold.manifest, [path], join(work, 'edited'), SIZES);
    expect(again.written.sort()).toEqual([part.name, 'site.sqlite']);
  });

  it('checks everything again when the segments are not the history it saw', async () => {
    const segments = listSegments(paths.segments);
    const last = segments[segments.length - 1]!;
    const aside = join(work, 'aside.sqlite');
    renameSync(join(paths.segments, last.name), aside);
    try {
      rmSync(paths.stateSnapshot, { force: true });
      const again = await buildDataFiles(paths, cold.manifest, [], join(work, 'reverted'), SIZES);
      expect(again.written.sort()).toEqual([...Object.keys(again.manifest.files), 'site.sqlite'].sort());
      expect(again.manifest.files['articles-2026-02-2.sqlite']!.articles).toBe(2);
    } finally {
      renameSync(aside, join(paths.segments, last.name));
      rmSync(paths.stateSnapshot, { force: true });
    }
  });
});

describe('merging the files into one database, as the data page shows', () => {
  it('gives every article once, searchable', () => {
    const files = filesIn(join(work, 'cold'));
    const all = new SQL.Database(files.get('site.sqlite')!);
    try {
      for (const [name, bytes] of files) {
        if (!/^(articles|crawl)-.*\.sqlite$/.test(name)) continue;
        const part = new SQL.Database(bytes);
        all.run(`ATTACH '${memoryFile(part)}' AS part`);
        for (const table of ['articles', 'article_tags', 'urls', 'link_occurrences', 'posts', 'runs']) all.run(`INSERT OR IGNORE INTO ${table} SELECT * FROM part.${table}`);
        all.run('DETACH part');
        part.close();
      }
      all.run("DELETE FROM files; INSERT INTO articles_fts (articles_fts) VALUES ('rebuild')");
      expect(all.exec('SELECT count(*) FROM articles')[0]!.values[0]![0]).toBe(next);
      expect(all.exec('SELECT count(*) FROM urls')[0]!.values[0]![0]).toBe(next);
      const title = String(all.exec('SELECT title FROM articles ORDER BY id DESC LIMIT 1')[0]!.values[0]![0]);
      const hits = all.exec(`SELECT count(*) FROM articles_fts WHERE articles_fts MATCH ?`, [`"${title.split(' ').slice(0, 2).join(' ')}"`])[0]!.values[0]![0];
      expect(Number(hits)).toBeGreaterThan(0);
    } finally {
      all.close();
    }
  });
});
