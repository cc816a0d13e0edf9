import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import type { SitePaths } from '../paths.ts';
import { countContentFiles } from '../publish/index.ts';
import { CrawlError } from './crawl-error.ts';

/** Refuses to run on a root that cannot work: content without its database, or folders it cannot write. A dry run creates nothing. */
export function preflight(paths: SitePaths, dryRun: boolean): void {
  if (!existsSync(paths.database) && countContentFiles(paths) > 0) {
    throw new CrawlError(
      'E_STATE',
      `${paths.content} holds articles but ${paths.database} is missing. Restore the database (git checkout -- data/site.sqlite) or remove content/ to start over.`,
    );
  }
  if (dryRun) return;
  for (const dir of [paths.data, paths.content, paths.media]) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      throw new CrawlError('E_UNWRITABLE', `cannot write to ${dir}: ${(error as Error).message}`);
    }
  }
  if (existsSync(paths.database)) {
    try {
      accessSync(paths.database, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new CrawlError('E_UNWRITABLE', `cannot write ${paths.database}: ${(error as Error).message}`);
    }
  }
}
