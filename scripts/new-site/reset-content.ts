import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SitePaths } from '../../crawler/paths.ts';
import { countFiles } from '../deploy/files.ts';

/**
 * Removes the sample site's articles, database, images and build, so the fork's first crawl
 * starts from nothing. content/ and data/ stay as empty folders (with .gitkeep) because git
 * and the crawler expect them.
 */
export function clearSiteContent(paths: SitePaths): { removed: number } {
  let removed = 0;
  const empty = (dir: string, keepFolder: boolean) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.gitkeep') continue;
      removed += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
      rmSync(join(dir, entry.name), { recursive: true, force: true });
    }
    if (keepFolder) writeFileSync(join(dir, '.gitkeep'), '');
    else rmSync(dir, { recursive: true, force: true });
  };
  empty(paths.content, true);
  empty(paths.data, true);
  empty(paths.media, false);
  rmSync(paths.dist, { recursive: true, force: true });
  return { removed };
}
