import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { openState } from '../../crawler/store/state.ts';
import { inspectSite } from './helpers/consistency.ts';

// The upgrade from the single-file layout, killed with SIGKILL at each of its steps: moving
// article files, writing one back, writing the state's segments, removing the old database, and
// saving the first snapshot. After a kill the site either still is the old layout (the old
// database is the truth until the end) or is consistent in the new one; the next run finishes
// the upgrade, and the result is the same as an upgrade that was never killed.

const FIXTURE = fileURLToPath(new URL('../store/fixtures/legacy-site/', import.meta.url));
const CHILD = fileURLToPath(new URL('./fixtures/upgrade-child.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

const POINTS = ['upgrade:file-moved:1', 'upgrade:file-moved:6', 'write-half:md:1', 'write-half:sqlite:1', 'upgrade:segments-written:1', 'snapshot-write:before:1'];

const roots: string[] = [];
function legacyCopy(): SitePaths {
  const root = mkdtempSync(join(tmpdir(), 'gleaner-upgrade-kill-'));
  roots.push(root);
  for (const dir of ['content', 'data', 'media']) cpSync(join(FIXTURE, dir), join(root, dir), { recursive: true });
  return sitePaths(root);
}

function upgrade(paths: SitePaths, at?: string): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD, paths.root], { env: { ...process.env, GLEANER_CRASH_AT: at ?? '' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => resolve({ signal, code, stderr }));
  });
}

/** What an upgraded site holds: its articles and URLs (from the state), and every file's bytes. */
async function result(paths: SitePaths): Promise<{ articles: unknown[]; urls: unknown[]; files: Record<string, string> }> {
  const db = await openState(paths, { readOnly: true });
  const articles = db.all('SELECT id, status, slug, file, title FROM articles ORDER BY id');
  const urls = db.all('SELECT id, url, state, reason, error_code FROM urls ORDER BY id');
  db.close();
  const files: Record<string, string> = {};
  for (const dir of [paths.content, paths.media]) {
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (e.isFile() && !e.name.endsWith('.tmp')) files[relative(paths.root, join(e.parentPath, e.name)).split(sep).join('/')] = readFileSync(join(e.parentPath, e.name)).toString('base64');
    }
  }
  return { articles, urls, files };
}

let reference: Awaited<ReturnType<typeof result>>;
const outcomes = new Map<string, { kill: Awaited<ReturnType<typeof upgrade>>; legacyLeft: boolean; problems: string[]; finished: Awaited<ReturnType<typeof result>>; rerun: number | null }>();

beforeAll(async () => {
  const clean = legacyCopy();
  const run = await upgrade(clean);
  expect(run.code, run.stderr).toBe(0);
  reference = await result(clean);
  await Promise.all(
    POINTS.map(async (at) => {
      const paths = legacyCopy();
      const kill = await upgrade(paths, at);
      const legacyLeft = existsSync(paths.legacyDatabase);
      // Still the old layout: nothing to check but that it is intact; else the new layout must be consistent.
      const problems = legacyLeft ? [] : (await inspectSite(paths)).problems;
      const rerun = await upgrade(paths);
      outcomes.set(at, { kill, legacyLeft, problems, finished: await result(paths), rerun: rerun.code });
    }),
  );
}, 300_000);

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('an upgrade killed with SIGKILL', () => {
  it('has an unkilled reference: nine articles, every file moved', () => {
    expect(reference.articles).toHaveLength(9);
    expect(Object.keys(reference.files).every((f) => /^(content\/[a-z]+|media)\/\d{4}\/\d{2}\//.test(f))).toBe(true);
  });

  for (const at of POINTS) {
    it(`at ${at}: leaves the old layout or a consistent new one, and the next run finishes it as if never killed`, () => {
      const outcome = outcomes.get(at)!;
      expect(outcome.kill.signal, `${at} was never reached (exit ${outcome.kill.code}): ${outcome.kill.stderr.slice(-500)}`).toBe('SIGKILL');
      expect(outcome.problems).toEqual([]);
      expect(outcome.rerun).toBe(0);
      expect(outcome.finished).toEqual(reference);
    });
  }

  it('was killed in both states: before the old database went, and after', () => {
    const left = [...outcomes.values()].map((o) => o.legacyLeft);
    expect(left).toContain(true);
    expect(left).toContain(false);
  });
});
