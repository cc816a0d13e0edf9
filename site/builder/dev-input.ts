import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SitePaths } from '../../crawler/paths.ts';
import type { ArticleInput } from '../model/site-index.ts';
import { deserializeContentCache, readContentIndex } from './content-index.ts';
import type { BuildInput, RenderSet } from './input.ts';
import { readJson, readManifest } from './manifest.ts';

// astro dev renders without the build (site/builder/index.ts), which writes Astro's input into a
// stage it removes afterwards; here the same files are made for the dev server under
// <root>/.gleaner/dev/: the articles as they are on disk, every page, and what the last build
// read from the crawler's state (its manifest's data: the data index, source health, removed
// pages; empty before a first build). This process never loads the state.

export async function devBuildInput(paths: SitePaths): Promise<BuildInput> {
  const buildDir = join(paths.cache, 'build');
  const dir = join(paths.cache, 'dev');
  mkdirSync(dir, { recursive: true });
  const input: BuildInput = {
    siteIndex: join(dir, 'site-index.json'),
    renderSet: join(dir, 'render.json'),
    downloads: join(dir, 'downloads.json'),
    sources: join(dir, 'sources.json'),
    removed: join(dir, 'removed.json'),
  };
  const content = await readContentIndex(paths.root, deserializeContentCache(readJson(join(buildDir, 'content.json'))));
  const entries: ArticleInput[] = content.entries.map((e) => ({ id: e.id, data: e.data, file: e.file, bodySha: e.bodySha }));
  const data = readManifest(join(buildDir, 'manifest.json'))?.data;
  const everyPage: RenderSet = { all: true, pages: {} };
  writeFileSync(input.siteIndex, JSON.stringify(entries));
  writeFileSync(input.renderSet, JSON.stringify(everyPage));
  writeFileSync(input.downloads, JSON.stringify(data?.index ?? null));
  writeFileSync(input.sources, JSON.stringify(data?.sources ?? []));
  writeFileSync(input.removed, JSON.stringify(data?.removed ?? []));
  return input;
}
