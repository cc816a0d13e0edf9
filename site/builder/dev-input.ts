import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { memoryFile } from '../html/html-cache.ts';
import { buildSiteIndex, type ArticleInput } from '../model/site-index.ts';
import { readContentIndex } from './content-index.ts';
import { buildInputFiles, type BuildInput } from './input.ts';
import { ManifestStore } from './manifest.ts';
import { openMemory } from './memory.ts';
import { writePageInput } from './page-input.ts';
import { keyedPages } from './page-keys.ts';

// astro dev renders without the build (site/builder/index.ts), which writes Astro's input into a
// stage it removes afterwards; here the same files are made for the dev server under
// <root>/.gleaner/dev/: every page's data from the articles as they are on disk, and what the
// last build read from the crawler's state (its manifest's data: the data index, source health,
// removed pages; empty before a first build). This process never loads the state.

export async function devBuildInput(paths: SitePaths, config: Config): Promise<BuildInput> {
  const dir = join(paths.cache, 'dev');
  mkdirSync(dir, { recursive: true });
  const input = buildInputFiles(dir);
  const built = existsSync(memoryFile(paths.root)) ? new ManifestStore(openMemory(memoryFile(paths.root))) : null;
  const data = built?.head()?.data;
  built?.close();
  const content = await readContentIndex(paths.root);
  const entries: ArticleInput[] = content.entries;
  const health = data?.sources ?? [];
  const index = buildSiteIndex(entries, config, health);
  writeFileSync(input.downloads, JSON.stringify(data?.index ?? null));
  writeFileSync(input.removed, JSON.stringify(data?.removed ?? []));
  await writePageInput(index, keyedPages(index, 'dev').pages, input, { root: paths.root, health });
  return input;
}
