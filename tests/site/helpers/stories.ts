import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../../scripts/build.ts';
import { writeSyntheticSite } from '../../../scripts/dev/lib/synthetic-content.ts';
import { readContent, type ContentFile } from './content.ts';
import { sampleDatabase } from './database.ts';
import { snapshot } from './dist.ts';

/**
 * Gives each synthetic article of `root` its own outlet, and the members of each story its story
 * (frontmatter `cluster`) and that story's shared sentence: story id → its members' ids, and story
 * id → the sentence its tellings share.
 */
export async function tellStories(root: string, stories: Record<number, number[]>, shared: Record<number, string>): Promise<void> {
  const storyOf = new Map<number, number>();
  for (const [id, members] of Object.entries(stories)) for (const m of members) storyOf.set(m, Number(id));
  for (const file of await readContent(root)) {
    const n = file.data.id;
    let text = (await readFile(file.path, 'utf8')).replace(/^(url|canonical): https:\/\/[^/]+\//gm, `$1: https://outlet-${n}.test/`);
    const story = storyOf.get(n);
    if (story !== undefined) {
      text = text.replace(/^cluster: .*\n/m, '').replace(/^topic: /m, `cluster: ${story}\ntopic: `);
      text = `${text.trimEnd()}\n\n${shared[story]} Outlet ${n} adds a detail of its own about the weather that day.\n`;
    }
    await writeFile(file.path, text);
  }
}

/** One build of `storyBuilds`: the synthetic articles written (ids 1…articles) and their stories. */
export interface StoryRun {
  articles: number;
  stories: Record<number, number[]>;
}

export interface StoryBuilds {
  root: string;
  dist: string;
  first: BuildReport;
  second: BuildReport;
  /** Every file of dist/ after each build. */
  before: Map<string, Buffer>;
  after: Map<string, Buffer>;
  /** The content after the second. */
  content: ContentFile[];
}

/**
 * A synthetic site of two topics in a new folder under .astro/site-tests/ (`name` starts it), its
 * stories told (tellStories), built twice with real builds: the first run's articles, then the
 * second's. The caller removes `root`.
 */
export async function storyBuilds(name: string, config: Config, seed: number, runs: [StoryRun, StoryRun], shared: Record<number, string>): Promise<StoryBuilds> {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(join(parent, name));
  const dist = join(root, 'dist');
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data', 'site.sqlite'), await sampleDatabase());
  const build = async (run: StoryRun) => {
    await writeSyntheticSite(root, { articles: run.articles, topics: 2, pageSize: 5, seed });
    await tellStories(root, run.stories, shared);
    return { report: await buildSite({ root, config, quiet: true }), files: await snapshot(dist) };
  };
  const first = await build(runs[0]);
  const second = await build(runs[1]);
  return { root, dist, first: first.report, second: second.report, before: first.files, after: second.files, content: await readContent(root) };
}
