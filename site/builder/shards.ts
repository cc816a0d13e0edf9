import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { writeDistState } from './dist-state.ts';
import { readManifest, writeJson, type BuildManifest } from './manifest.ts';

// A cold build in slices. `GLEANER_SHARD=i/N npm run build` renders the pages whose file hashes
// into slice i (slice 1 also renders every always-rendered page, the data files and the media)
// into dist-shards/<i>/ with its manifest; the slices run one after another on one machine, or
// side by side as the jobs of a matrix (.github/workflows/rebuild.yml). `npm run build --
// --merge N` then moves the N slices into dist/ and joins their manifests, so the next build is
// incremental as after any cold build.

export interface MergeOptions {
  root: string;
  config: Config;
  count: number;
}

export async function mergeShards({ root, config, count }: MergeOptions): Promise<{ files: number }> {
  if (!Number.isInteger(count) || count < 1) throw new GleanerError('E_CONFIG', `--merge takes the number of slices, like --merge 4 (got ${count})`);
  const paths = sitePaths(root);
  const buildDir = join(paths.cache, 'build');
  const manifests: BuildManifest[] = [];
  for (let i = 1; i <= count; i++) {
    const manifest = readManifest(join(buildDir, `manifest-shard-${i}.json`));
    const dir = join(root, 'dist-shards', String(i));
    if (!manifest || !existsSync(dir)) throw new Error(`slice ${i} of ${count} is missing (${dir} and its manifest): run GLEANER_SHARD=${i}/${count} npm run build first`);
    manifests.push(manifest);
  }
  if (new Set(manifests.map((m) => m.prefix)).size > 1) throw new Error('the slices were built from different code or config: build them again from one commit');

  if (existsSync(paths.dist)) {
    const trash = join(paths.cache, `old-dist-${process.pid}-${Date.now()}`);
    renameSync(paths.dist, trash);
    rm(trash, { recursive: true, force: true }).catch(() => undefined);
  }
  const first = manifests[0]!;
  const merged: BuildManifest = { ...first, buildId: randomUUID(), pages: {}, search: {}, files: {} };
  // Slice 1 last: every slice renders the always-rendered pages, but only slice 1 has the data
  // worker's output (the data page's list, the sources' health), so its copies must win.
  for (let i = count; i >= 1; i--) {
    const dir = join(root, 'dist-shards', String(i));
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (file.startsWith('.gleaner/')) continue;
      mkdirSync(dirname(join(paths.dist, file)), { recursive: true });
      renameSync(join(dir, file), join(paths.dist, file));
    }
    const m = manifests[i - 1]!;
    Object.assign(merged.pages, m.pages);
    Object.assign(merged.search, m.search);
    Object.assign(merged.files, m.files);
  }
  writeJson(join(buildDir, 'manifest.json'), merged);
  writeDistState(paths.dist, merged, config);
  for (let i = 1; i <= count; i++) rmSync(join(buildDir, `manifest-shard-${i}.json`), { force: true });
  rmSync(join(root, 'dist-shards'), { recursive: true, force: true });
  console.log(`merged ${count} slices into ${paths.dist}: ${Object.keys(merged.files).length} files`);
  return { files: Object.keys(merged.files).length };
}
