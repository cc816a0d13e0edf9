import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A real git repository playing the site's repository in the benches: commits made as the crawl
// workflow makes them, and the figures about its growth that git itself reports.

export interface GitRepo {
  dir: string;
  run(...argv: string[]): string;
  /** Stages content/, data/ and media/ as the workflow does and commits; false when nothing changed. */
  commitRun(message: string): boolean;
  /** `git count-objects -v`: loose objects and packs, in KiB. */
  objects(): { looseKiB: number; packKiB: number };
  /** Bytes of the thin pack a push of HEAD would send to a remote that has HEAD~1. */
  pushBytes(): number;
  /** KiB of the objects the last commit added, by top-level folder (zlib-compressed, before any delta). */
  newObjectsByFolder(): Record<string, number>;
  /** The tracked tree at HEAD: its largest file, its widest folder, and its files' total bytes (what a fresh checkout writes). */
  tree(): TreeFigures;
}

export interface TreeFigures {
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  widest: { path: string; entries: number };
}

export function initRepo(dir: string, ignore: string[]): GitRepo {
  mkdirSync(dir, { recursive: true });
  const run = (...argv: string[]) => execFileSync('git', argv, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 });
  const bytes = (argv: string[], input: string) => execFileSync('git', argv, { cwd: dir, input, maxBuffer: 1 << 30 });
  // A repository made by an earlier run (bench:longevity --site) is opened as it is.
  if (!existsSync(join(dir, '.git'))) {
    run('init', '-q', '-b', 'main');
    run('config', 'user.name', 'bench');
    run('config', 'user.email', 'bench@example.invalid');
    run('config', 'gc.auto', '0');
    writeFileSync(join(dir, '.gitignore'), `${ignore.join('\n')}\n`);
    run('add', '.gitignore');
    run('commit', '-q', '-m', 'empty site');
  }

  return {
    dir,
    run,
    commitRun(message) {
      for (const folder of ['content', 'data', 'media']) if (existsSync(join(dir, folder))) run('add', '--all', '--', folder);
      if (run('diff', '--cached', '--name-only').trim() === '') return false;
      run('commit', '-q', '-m', message);
      return true;
    },
    objects() {
      const fields = Object.fromEntries(
        run('count-objects', '-v')
          .trim()
          .split('\n')
          .map((line) => line.split(': ') as [string, string]),
      );
      return { looseKiB: Number(fields.size), packKiB: Number(fields['size-pack']) };
    },
    pushBytes() {
      return bytes(['pack-objects', '--revs', '--thin', '--stdout', '-q'], 'HEAD\n^HEAD~1\n').length;
    },
    newObjectsByFolder() {
      const withPath = run('rev-list', '--objects', 'HEAD', '^HEAD~1')
        .trim()
        .split('\n')
        .map((line) => line.split(' '))
        .filter((parts) => parts.length > 1);
      if (!withPath.length) return {};
      const sizes = bytes(['cat-file', '--batch-check=%(objectsize:disk)'], withPath.map((p) => p[0]).join('\n') + '\n').toString().trim().split('\n');
      const out: Record<string, number> = {};
      withPath.forEach(([, path], i) => {
        // rev-list names the root tree with an empty path: it is the commit's, not a folder's.
        if (!path) return;
        const folder = path.split('/')[0]!;
        out[folder] = (out[folder] ?? 0) + Number(sizes[i]) / 1024;
      });
      return out;
    },
    tree() {
      const figures: TreeFigures = { files: 0, bytes: 0, largest: { path: '', bytes: 0 }, widest: { path: '', entries: 0 } };
      const entries = new Map<string, Set<string>>();
      for (const line of run('ls-tree', '-r', '-l', '--full-tree', 'HEAD').split('\n')) {
        const match = /^\d+ blob [0-9a-f]+\s+(\d+)\t(.+)$/.exec(line);
        if (!match) continue;
        const size = Number(match[1]);
        const path = match[2]!;
        figures.files++;
        figures.bytes += size;
        if (size > figures.largest.bytes) figures.largest = { path, bytes: size };
        const parts = path.split('/');
        for (let i = 0; i < parts.length; i++) {
          const parent = parts.slice(0, i).join('/') || '.';
          let set = entries.get(parent);
          if (!set) entries.set(parent, (set = new Set()));
          set.add(parts[i]!);
        }
      }
      for (const [path, set] of entries) if (set.size > figures.widest.entries) figures.widest = { path, entries: set.size };
      return figures;
    },
  };
}
