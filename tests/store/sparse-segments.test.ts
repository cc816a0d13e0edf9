import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSegments, listSegments, readSegment, segmentName, segmentSource } from '../../crawler/store/segments.ts';

// The segments in a partial clone checked out as the hourly workflow does (no segment folder):
// every segment git tracks is listed; a few are read from git's objects, their blobs fetched in
// one batch and their folders left off disk; many have their month folders checked out.

let parent: string;
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
const NAMES = [segmentName(1, Date.parse('2026-01-05T10:00:00Z')), segmentName(2, Date.parse('2026-01-20T10:00:00Z')), segmentName(3, Date.parse('2026-02-02T10:00:00Z'))];
const bytesOf = (name: string) => Buffer.from(`segment ${name}`);

/** A fresh partial clone of the origin, sparse, with none of data/segments on disk. */
function sparseClone(name: string): string {
  const dir = join(parent, name);
  git(parent, 'clone', '-q', '--filter=blob:none', '--sparse', `file://${join(parent, 'origin')}`, dir);
  git(dir, 'sparse-checkout', 'set', '--cone', 'crawler');
  return dir;
}
const unfetched = (dir: string) => git(dir, 'rev-list', '--objects', '--missing=print', 'HEAD', '--', 'data/segments').split('\n').filter((l) => l.startsWith('?')).length;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-sparse-segments-'));
  const origin = join(parent, 'origin');
  mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  git(origin, 'config', 'uploadpack.allowFilter', 'true');
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  for (const name of NAMES) {
    mkdirSync(join(origin, 'data/segments', name, '..'), { recursive: true });
    writeFileSync(join(origin, 'data/segments', name), bytesOf(name));
  }
  mkdirSync(join(origin, 'crawler'));
  writeFileSync(join(origin, 'crawler/code.ts'), 'code');
  git(origin, 'add', '.');
  git(origin, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'site');
});

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('segments a sparse checkout left off disk', () => {
  it('are listed, in order, though not one is on disk', () => {
    const site = sparseClone('listed');
    const dir = join(site, 'data/segments');
    expect(existsSync(dir)).toBe(false);
    expect(listSegments(dir)).toEqual(NAMES.map((name, i) => ({ seq: i + 1, name })));
    expect(unfetched(site)).toBe(3);
  });

  it('a few: their blobs are fetched in one batch and read from git, their folders stay off disk', () => {
    const site = sparseClone('few');
    const dir = join(site, 'data/segments');
    const [, second, third] = listSegments(dir);
    fetchSegments(dir, [second!, third!]);
    expect(unfetched(site)).toBe(1);
    expect(existsSync(join(dir, second!.name))).toBe(false);
    expect(Buffer.from(readSegment(dir, third!)).equals(bytesOf(third!.name))).toBe(true);
    expect(segmentSource(dir, second!)).toBeInstanceOf(Uint8Array);
  });

  it('many: their month folders are checked out', () => {
    const site = sparseClone('many');
    const dir = join(site, 'data/segments');
    const segments = listSegments(dir);
    fetchSegments(dir, segments, 1);
    expect(unfetched(site)).toBe(0);
    for (const segment of segments) expect(segmentSource(dir, segment)).toBe(join(dir, segment.name));
    expect(listSegments(dir)).toEqual(segments);
  });

  it('one git does not track is an error that names it', () => {
    const site = sparseClone('missing');
    const dir = join(site, 'data/segments');
    const name = segmentName(9, Date.parse('2026-02-09T10:00:00Z'));
    expect(() => segmentSource(dir, { seq: 9, name })).toThrow(name);
  });
});
