import { loadConfig, type Config } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { valueOptions } from './args.ts';

// The options saying which site a command works on (npm run crawl, add, remove): --config and
// --root, defaulting to $GLEANER_CONFIG and $GLEANER_ROOT (loadConfig and sitePaths read those).

export const SITE_OPTIONS = valueOptions('config', 'root');

export const SITE_OPTIONS_HELP = `  --config <file>     site config to use (default: site.config.ts, or $GLEANER_CONFIG)
  --root <dir>        site root holding content/, data/ and media/ (default: ., or $GLEANER_ROOT)`;

/** The site's config and folders, as --config and --root name them. */
export async function loadSite(args: { config?: string; root?: string }): Promise<{ config: Config; paths: SitePaths }> {
  const config = await loadConfig(args.config);
  return { config, paths: sitePaths(args.root) };
}
