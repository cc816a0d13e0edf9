import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import type { SitePaths } from '../paths.ts';
import { hasContentFiles } from '../publish/index.ts';
import { stateLayout } from '../store/state.ts';
import { GleanerError } from '../errors.ts';

/** Refuses to run on a root that cannot work: content without its database, or folders it cannot write. A dry run creates nothing. */
export function preflight(paths: SitePaths, dryRun: boolean): void {
  const hasState = stateLayout(paths) !== 'none';
  if (!hasState && hasContentFiles(paths)) {
    throw new GleanerError(
      'E_STATE',
      `${paths.content} holds articles but the crawler's state (${paths.segments}) is missing. Restore it (git checkout -- data/) or remove content/ to start over.`,
    );
  }
  if (dryRun) return;
  for (const dir of [paths.data, paths.segments, paths.content, paths.media, paths.cache]) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      throw new GleanerError('E_UNWRITABLE', `cannot write to ${dir}: ${(error as Error).message}`);
    }
  }
  if (existsSync(paths.legacyDatabase)) {
    try {
      accessSync(paths.legacyDatabase, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new GleanerError('E_UNWRITABLE', `cannot write ${paths.legacyDatabase}: ${(error as Error).message}`);
    }
  }
}
