import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { writeDistState } from './dist-state.ts';
import { memoryFile } from '../html/html-cache.ts';
import { ManifestStore, type ManifestHead } from './manifest.ts';
import { openMemory, shardManifestFile } from './memory.ts';

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
  const slices: Array<{ store: ManifestStore; head: ManifestHead }> = [];
  try {
    for (let i = 1; i <= count; i++) {
      const file = shardManifestFile(root, i);
      const dir = join(root, 'dist-shards', String(i));
      const store = existsSync(file) ? new ManifestStore(openMemory(file)) : null;
      if (store) slices.push({ store, head: store.head()! });
      if (!store?.head() || !existsSync(dir)) throw new Error(`slice ${i} of ${count} is missing (${dir} and its manifest): run GLEANER_SHARD=${i}/${count} npm run build first`);
    }
    if (new Set(slices.map((m) => m.head.prefix)).size > 1) throw new Error('the slices were built from different code or config: build them again from one commit');
    return mergeSlices(root, config, slices);
  } finally {
    for (const slice of slices) slice.store.close();
  }
}

function mergeSlices(root: string, config: Config, slices: Array<{ store: ManifestStore; head: ManifestHead }>): { files: number } {
  const paths = sitePaths(root);
  const count = slices.length;

  if (existsSync(paths.dist)) {
    const trash = join(paths.cache, `old-dist-${process.pid}-${Date.now()}`);
    renameSync(paths.dist, trash);
    rm(trash, { recursive: true, force: true }).catch(() => undefined);
  }
  const memory = openMemory(memoryFile(root));
  const merged = new ManifestStore(memory);
  const head: ManifestHead = { ...slices[0]!.head, buildId: randomUUID() };
  merged.begin();
  merged.clear();
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
    merged.absorb(slices[i - 1]!.store);
  }
  merged.setHead(head);
  merged.commit();
  writeDistState(paths.dist, head, merged.filesJson(), config);
  const { files } = merged.counts();
  memory.close();
  for (let i = 1; i <= count; i++) rmSync(shardManifestFile(root, i), { force: true });
  rmSync(join(root, 'dist-shards'), { recursive: true, force: true });
  console.log(`merged ${count} slices into ${paths.dist}: ${files} files`);
  return { files };
}
