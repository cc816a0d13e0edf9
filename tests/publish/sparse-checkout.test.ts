import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_LIMIT, FolderAllocator } from '../../crawler/publish/folders.ts';
import { checkOutFolders, checkOutWhole, isInCheckout, isSparseCheckout, offDiskFiles, offDiskNamesIn, readTrackedFile } from '../../crawler/sparse-checkout.ts';

// crawler/sparse-checkout.ts on a real repository cloned sparsely (data/ and one month's folder
// only): what git tracks off disk is listed, never missing; a file needed is checked out with its
// folder; and a full month folder off disk stays full for the folder allocator.

let parent: string;
let site: string;
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' });

function write(root: string, file: string, text: string): void {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
}

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-sparse-unit-'));
  const origin = join(parent, 'origin');
  mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  write(origin, 'data/segments/2026/01/a.sqlite', 'segment');
  write(origin, 'content/space/2026/03/new.md', 'new');
  write(origin, 'media/2026/01/icon-32.webp', 'icon bytes');
  // January's folder is full (FOLDER_LIMIT entries): what comes next goes to 01-2.
  for (let i = 0; i < FOLDER_LIMIT; i++) write(origin, `content/space/2026/01/a${i}.md`, `article ${i}`);
  git(origin, 'add', '.');
  git(origin, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'site');
  site = join(parent, 'site');
  git(parent, 'clone', '-q', '--sparse', `file://${origin}`, site);
  git(site, 'sparse-checkout', 'set', '--cone', 'data', 'content/space/2026/03');
});

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('a sparse checkout', () => {
  it('is told apart from a whole one and from no git at all', () => {
    expect(isSparseCheckout(site)).toBe(true);
    expect(isSparseCheckout(join(parent, 'origin'))).toBe(false);
    expect(isSparseCheckout(parent)).toBe(false);
    expect(offDiskFiles(join(parent, 'origin'), 'content')).toEqual([]);
  });

  it('lists the tracked files it left off disk, and not those on disk', () => {
    expect(existsSync(join(site, 'content/space/2026/01/a0.md'))).toBe(false);
    const off = offDiskFiles(site, 'content');
    expect(off).toHaveLength(FOLDER_LIMIT);
    expect(off).toContain('content/space/2026/01/a0.md');
    expect(off).not.toContain('content/space/2026/03/new.md');
    expect(isInCheckout(site, 'media/2026/01/icon-32.webp')).toBe(true);
    expect(isInCheckout(site, 'media/2026/01/other-32.webp')).toBe(false);
  });

  it('keeps a full month folder full for the folder allocator', () => {
    expect(offDiskNamesIn(join(site, 'content/space/2026/01'))).toHaveLength(FOLDER_LIMIT);
    expect(new FolderAllocator().place(join(site, 'content/space'), '2026-01-20T00:00:00.000Z')).toBe(join(site, 'content/space/2026/01-2'));
  });

  it('reads one file off disk from git, and checks out a folder when asked', () => {
    expect(readTrackedFile(site, 'media/2026/01/icon-32.webp')?.toString()).toBe('icon bytes');
    expect(readTrackedFile(site, 'media/2026/01/missing.webp')).toBeNull();
    expect(checkOutFolders(site, ['content/space/2026/03/new.md'])).toEqual([]); // on disk already
    expect(checkOutFolders(site, ['media/2026/01/icon-32.webp'])).toEqual(['media/2026/01']);
    expect(existsSync(join(site, 'media/2026/01/icon-32.webp'))).toBe(true);
    expect(existsSync(join(site, 'content/space/2026/01/a0.md'))).toBe(false);
  });

  it('checks out the whole tree for a cold build', () => {
    expect(checkOutWhole(site)).toBe(true);
    expect(existsSync(join(site, 'content/space/2026/01/a0.md'))).toBe(true);
    expect(offDiskFiles(site, 'content')).toEqual([]);
    expect(checkOutWhole(site)).toBe(false);
  });
});
