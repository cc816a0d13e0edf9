import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { removeTempRoots, tempRoot, testConfig } from '../crawler/helpers.ts';
import { inspectSite, type SiteState } from './helpers/consistency.ts';
import { sampleSubset } from './helpers/sample-subset.ts';

// SIGKILL at 37 points of a crawl of the sample web (discovery, fetches, processing, state saves
// (the run's segment, the commits of the local snapshot, one with its log torn mid-commit, the
// bookkeeping of a run that found nothing new and its fold into the next segment), the publish
// plan, Markdown writes; one from inside a processing worker thread) and once more inside the
// next run's reconcile or its opening of the state. The
// crash point is armed through GLEANER_CRASH_AT (crawler/crashpoint.ts), so each kill lands at
// the same instant every time. After each kill the site must be consistent (inspectSite), and
// the next run must complete and publish exactly what an unkilled run publishes.

const CHILD = fileURLToPath(new URL('./fixtures/crawl-child.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

interface KillPoint {
  /** GLEANER_CRASH_AT for the killed run. */
  at: string;
  /** Database checkpoint interval of the killed run: 0 saves after every page. */
  checkpointMs: number;
  /** A second kill, in the run after the first (its reconcile and publishing). */
  then?: string;
  /** crawl.processWorkers of the killed run: 1 kills from inside the processing worker thread. */
  workers?: number;
  /**
   * Runs before the killed one: 'complete' crawls everything, so the killed run finds nothing new
   * and writes only the bookkeeping file; 'quiet' crawls one topic twice, leaving that file for
   * the killed run (which finds the other topics) to fold into its segment.
   */
  before?: 'complete' | 'quiet';
  /**
   * After the kill, cuts the last frame of the snapshot's write-ahead log in half: the state of a
   * process killed while SQLite was writing its commit (a torn log tail, which SQLite ignores).
   */
  tearLog?: boolean;
}

const EVERY_PAGE = 0;
const NEVER = 3_600_000; // saves only at the publish plan (#1) and at the end (#2)

const POINTS: KillPoint[] = [
  { at: 'discover:source-read:3', checkpointMs: EVERY_PAGE },
  { at: 'fetch:before:1', checkpointMs: EVERY_PAGE },
  { at: 'fetch:before:12', checkpointMs: EVERY_PAGE },
  { at: 'fetch:after:5', checkpointMs: EVERY_PAGE },
  { at: 'fetch:after:18', checkpointMs: EVERY_PAGE },
  { at: 'process:before:3', checkpointMs: EVERY_PAGE },
  { at: 'process:extracted:9', checkpointMs: EVERY_PAGE },
  { at: 'process:after:19', checkpointMs: EVERY_PAGE },
  { at: 'accept:after:6', checkpointMs: EVERY_PAGE },
  { at: 'accept:after:16', checkpointMs: NEVER },
  { at: 'db-save:before:4', checkpointMs: EVERY_PAGE },
  { at: 'write-half:sqlite:8', checkpointMs: EVERY_PAGE },
  { at: 'db-save:after:14', checkpointMs: EVERY_PAGE },
  { at: 'write-half:sqlite:1', checkpointMs: NEVER },
  { at: 'publish:planned:1', checkpointMs: NEVER },
  { at: 'write-half:md:1', checkpointMs: NEVER },
  { at: 'write-half:md:12', checkpointMs: NEVER },
  { at: 'publish:file-written:9', checkpointMs: NEVER },
  { at: 'publish:files-written:1', checkpointMs: NEVER },
  { at: 'write-half:sqlite:2', checkpointMs: NEVER },
  { at: 'publish:planned:1', checkpointMs: NEVER, then: 'write-half:md:5' },
  { at: 'process:extracted:5', checkpointMs: EVERY_PAGE, workers: 1 },
  // The segmented store: a run's segment (rewritten at each save) and the local snapshot.
  { at: 'segment-write:before:3', checkpointMs: EVERY_PAGE },
  { at: 'segment-write:after:7', checkpointMs: EVERY_PAGE },
  { at: 'segment-write:before:1', checkpointMs: NEVER },
  { at: 'snapshot-write:before:1', checkpointMs: EVERY_PAGE },
  { at: 'snapshot-write:after:1', checkpointMs: NEVER },
  { at: 'publish:planned:1', checkpointMs: NEVER, then: 'snapshot-write:before:1' },
  // The bookkeeping of a run that found nothing new (.gleaner/bookkeeping.json), and its fold
  // into the next segment: killed after the segment, before the file is removed.
  { at: 'bookkeeping-write:before:1', checkpointMs: NEVER, before: 'complete' },
  { at: 'write-half:json:1', checkpointMs: NEVER, before: 'complete' },
  { at: 'bookkeeping-write:after:1', checkpointMs: NEVER, before: 'complete' },
  { at: 'segment-write:after:1', checkpointMs: NEVER, before: 'quiet' },
  // The snapshot written in place (node:sqlite, write-ahead log): the run's transaction after its
  // last segment, before its commit (snapshot-write:before) and after it, before the log is
  // checkpointed (snapshot-write:after); mid-commit (the log's last frame torn); and the next
  // run's own commits of the segments a killed run left (snapshot-apply), before and after one.
  { at: 'snapshot-write:after:1', checkpointMs: EVERY_PAGE, tearLog: true },
  { at: 'snapshot-write:after:1', checkpointMs: NEVER, before: 'quiet', tearLog: true },
  { at: 'segment-write:after:7', checkpointMs: EVERY_PAGE, then: 'snapshot-apply:before:1' },
  { at: 'segment-write:after:7', checkpointMs: EVERY_PAGE, then: 'snapshot-apply:after:1' },
  { at: 'publish:planned:1', checkpointMs: NEVER, then: 'snapshot-write:after:1' },
];

interface Outcome {
  kills: Array<{ at: string; signal: NodeJS.Signals | null; code: number | null; stderr: string; state: SiteState }>;
  recovered: SiteState;
}

/** Articles per topic of the sample web (7 of 22: 21 articles and every trap, a run of ~2 s). */
const PER_TOPIC = 7;

let articles: string;
let web: SampleWeb;
let config: Config;
let configFiles: Map<number, string>;
let reference: SiteState;
const outcomes = new Map<KillPoint, Outcome>();

/** One crawl run in a child process, SIGKILLed at `at`; `refresh` reads every source, due or not. */
function killedRun(paths: SitePaths, at: string, checkpointMs: number, workers = 0, refresh = false): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD, configFiles.get(workers)!, paths.root, String(checkpointMs), ...(refresh ? ['refresh'] : [])], {
      env: { ...process.env, GLEANER_CRASH_AT: at },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => resolve({ signal, code, stderr }));
  });
}

async function scenario(point: KillPoint): Promise<Outcome> {
  const paths = tempRoot();
  const kills: Outcome['kills'] = [];
  if (point.before === 'complete') await runCrawl(config, paths);
  if (point.before === 'quiet') for (let i = 0; i < 2; i++) await runCrawl(config, paths, { topics: ['space'], refresh: true });
  if (point.before === 'quiet' && !existsSync(paths.bookkeeping)) throw new Error('the quiet runs left no bookkeeping file');
  for (const [at, checkpointMs] of [[point.at, point.checkpointMs], ...(point.then ? [[point.then, NEVER]] : [])] as Array<[string, number]>) {
    const run = await killedRun(paths, at, checkpointMs, point.workers, point.before !== undefined);
    if (point.tearLog && at === point.at) tearLastFrame(`${paths.stateSnapshot}-wal`);
    kills.push({ at, ...run, state: await inspectSite(paths) });
  }
  await runCrawl(config, paths);
  return { kills, recovered: await inspectSite(paths) };
}

/** Cuts a write-ahead log in the middle of its last frame (a frame: 24 bytes of header, then a page). */
function tearLastFrame(wal: string): void {
  if (!existsSync(wal)) throw new Error(`${wal} is not there to tear: the kill came after the log was checkpointed`);
  const pageSize = 4096;
  const size = statSync(wal).size;
  if (size < 32 + 24 + pageSize) throw new Error(`${wal} holds no frame (${size} bytes)`);
  truncateSync(wal, size - pageSize / 2);
}

/** Runs `tasks` at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: limit }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  }));
}

beforeAll(async () => {
  articles = sampleSubset(PER_TOPIC);
  web = await startSampleWeb({ articlesDir: articles });
  config = testConfig(web);
  const refPaths = tempRoot();
  configFiles = new Map(
    [0, 1].map((workers) => {
      const file = join(refPaths.root, `site.config.${workers}.mjs`);
      writeFileSync(file, `export default ${JSON.stringify({ ...config, crawl: { ...config.crawl, processWorkers: workers } })};\n`);
      return [workers, file];
    }),
  );
  await runCrawl(config, refPaths);
  reference = await inspectSite(refPaths);
  await pool(POINTS, 2, async (point) => {
    outcomes.set(point, await scenario(point));
  });
}, 600_000);

afterAll(async () => {
  await web?.close();
  removeTempRoots();
  if (articles) rmSync(articles, { recursive: true, force: true });
});

describe('a crawl killed with SIGKILL', () => {
  it('has an unkilled reference run to compare with', () => {
    expect(reference.problems).toEqual([]);
    expect(reference.published.length).toBe(3 * PER_TOPIC);
  });

  for (const point of POINTS) {
    const name = `at ${point.at}${point.then ? `, then again at ${point.then} in the next run` : ''}${point.workers ? ' (inside the processing worker thread)' : ''}`;
    it(`${name}: stays consistent, and the next run publishes what an unkilled run does`, () => {
      const outcome = outcomes.get(point)!;
      for (const kill of outcome.kills) {
        expect(kill.signal, `${kill.at} was never reached (exit ${kill.code}): ${kill.stderr.slice(-500)}`).toBe('SIGKILL');
        expect(kill.state.problems, `after the kill at ${kill.at}`).toEqual([]);
      }
      expect(outcome.recovered.problems).toEqual([]);
      expect(outcome.recovered.temps).toEqual([]);
      expect(outcome.recovered.published).toEqual(reference.published);
    });
  }

  it('was killed at 20 distinct points, each in a different state of the run', () => {
    expect(new Set(POINTS.map((p) => p.at)).size).toBeGreaterThanOrEqual(20);
    // The kills left the site in different states: no database yet, a database without articles, some published…
    const states = new Set([...outcomes.values()].map((o) => `${o.kills[0]!.state.hasDatabase}:${o.kills[0]!.state.published.length}:${o.kills[0]!.state.temps.length > 0}`));
    expect(states.size).toBeGreaterThanOrEqual(4);
  });
});
