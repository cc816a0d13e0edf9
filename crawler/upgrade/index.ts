import { existsSync } from 'node:fs';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { engine } from '../store/engine.ts';
import { openState, type StateOptions } from '../store/state.ts';
import { upgradeLegacySite } from './legacy-site.ts';
import { checkOutWhole } from '../sparse-checkout.ts';

// An existing site's data upgraded in place. Upgrading rewrites article files (publish/), so it
// stands above the store: a run that writes opens its state through here.

export { upgradeLegacySite, type UpgradeReport } from './legacy-site.ts';

/** Opens the site's state; one that writes upgrades a site of the single-file layout first. */
export async function openUpgradedState(paths: SitePaths, options: StateOptions = {}): Promise<Database> {
  if (!options.readOnly && existsSync(paths.legacyDatabase)) {
    checkOutWhole(paths.root); // the upgrade moves every file of the old layout
    await upgradeLegacySite(paths, await engine(), options.nowMs ?? Date.now());
  }
  return openState(paths, options);
}
