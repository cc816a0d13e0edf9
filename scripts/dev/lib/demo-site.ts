import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { parseConfig, type Config } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { runCrawl } from '../../../crawler/pipeline/index.ts';
import type { RunSummary } from '../../../crawler/pipeline/summary.ts';
import { demoConfig } from '../demo/config.ts';
import { startSampleWeb } from '../demo/index.ts';
import { buildSite, type BuildReport } from '../../build.ts';

// The demo site, made the way `npm start` makes it (sample web → runCrawl → buildSite), for
// the audit and the browser tests. Optionally in two publish runs, keeping the first build,
// so tests can compare what a run that adds articles changed.

export interface DemoSiteOptions {
  /**
   * Publish only this many articles per topic in a first run and build the site; then
   * publish the rest in a second run and build again. The first build's pages, feeds and
   * sitemaps (not media or the search index) are kept in `<root>/dist-first`.
   */
  firstRunPerTopic?: number;
  /** Called with a line for each step. */
  log?: (line: string) => void;
}

export interface DemoSite {
  root: string;
  dist: string;
  /** The first run's build (with `firstRunPerTopic`), else null. */
  firstDist: string | null;
  config: Config;
  crawls: RunSummary[];
  build: BuildReport;
}

/** The demo config, validated; `resolve` maps the sample web's hosts (unused by the site build). */
export function demoSiteConfig(resolve: Record<string, string> = {}, perTopicPerRun?: number): Config {
  const user = demoConfig({ resolve });
  if (perTopicPerRun) user.publish = { ...user.publish, perTopicPerRun };
  return parseConfig(user, 'the demo config');
}

/** Crawls the bundled sample web into `root` and builds the site into `<root>/dist`. */
export async function makeDemoSite(root: string, options: DemoSiteOptions = {}): Promise<DemoSite> {
  const log = options.log ?? (() => undefined);
  const paths = sitePaths(root);
  const web = await startSampleWeb({ port: 0 });
  const crawls: RunSummary[] = [];
  let firstDist: string | null = null;
  let config: Config;
  try {
    if (options.firstRunPerTopic) {
      const first = demoSiteConfig(web.resolve, options.firstRunPerTopic);
      log(`crawling the sample web, publishing ${options.firstRunPerTopic} articles per topic…`);
      crawls.push(await runCrawl(first, paths));
      log('building the first run…');
      await buildSite({ root: paths.root, config: first, quiet: true });
      firstDist = join(paths.root, 'dist-first');
      await cp(paths.dist, firstDist, { recursive: true, filter: (src) => !/[\\/](media|pagefind|_astro)$/.test(src) });
    }
    config = demoSiteConfig(web.resolve);
    log(options.firstRunPerTopic ? 'publishing the rest…' : 'crawling the sample web…');
    crawls.push(await runCrawl(config, paths));
  } finally {
    await web.close();
  }
  log('building the site…');
  const build = await buildSite({ root: paths.root, config, quiet: true });
  log(`built ${build.pages} pages into ${paths.dist}`);
  return { root: paths.root, dist: paths.dist, firstDist, config, crawls, build };
}
