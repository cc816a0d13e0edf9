import { resolve } from 'node:path';
import { assertPublishable, loadConfig } from '../crawler/config/index.ts';
import { GleanerError, isGleanerError } from '../crawler/errors.ts';
import { buildSite, type BuildOptions } from '../site/builder/index.ts';
import { mergeShards } from '../site/builder/shards.ts';
import { command, flagOptions, valueOptions } from './kit/args.ts';
import { runMain } from './kit/main.ts';
import { EXIT } from './kit/exit-codes.ts';

// npm run build: the site's pages, search and data from content/ into dist/, rendering only what
// changed since the last build (site/builder/index.ts). GLEANER_SHARD=i/N builds one slice of a
// cold build; --merge N joins N slices into dist/.

export { buildSite, summary, type BuildOptions, type BuildReport } from '../site/builder/index.ts';

/** GLEANER_SHARD=i/N, or undefined; throws on a malformed value. */
export function shardFromEnv(value = process.env.GLEANER_SHARD): BuildOptions['shard'] {
  if (!value) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : 0;
  const count = m ? Number(m[2]) : 0;
  if (!m || count < 1 || index < 1 || index > count) throw new GleanerError('E_CONFIG', `GLEANER_SHARD="${value}" must be i/N with 1 ≤ i ≤ N, like GLEANER_SHARD=2/4`);
  return { index, count };
}

const HELP = `usage: npm run build -- [--root <dir>] [--config <file>] [--cold] [--merge <N>] [--verbose]

Builds the site from content/ and the state into dist/, rendering only what changed since the
last build (its manifest is in .gleaner/build/); a change of code or config renders everything.

  --cold          render everything, as if there were no manifest
  --merge <N>     join the N slices built with GLEANER_SHARD=1/N … N/N (in dist-shards/) into dist/
  --root <dir>    the site's folder (default: . or $GLEANER_ROOT)
  --config <file> the site's config (default: site.config.ts)
  --verbose       one line per phase

Environment: GLEANER_SHARD=i/N builds slice i of N of a cold build (for parallel runners).
A site still naming a placeholder owner or contact (site.legal.owner, email, dmcaEmail) is
refused: the demo (npm start) builds without them, a published site needs real ones.
Exit codes: 0 built; 2 bad arguments or config (including placeholder legal text); 1 otherwise.`;

const OPTIONS = { ...valueOptions('root', 'config', 'merge'), ...flagOptions('verbose', 'cold') } as const;

export const main = command({ help: HELP, options: OPTIONS }, async (args) => {
  try {
    const config = await loadConfig(args.config);
    assertPublishable(config, args.config);
    const root = resolve(args.root ?? process.env.GLEANER_ROOT ?? '.');
    if (args.merge) {
      await mergeShards({ root, config, count: Number(args.merge) });
    } else {
      const report = await buildSite({ root, config, verbose: args.verbose === true, cold: args.cold === true, shard: shardFromEnv() });
      if (report.skipped.length && process.env.GITHUB_ACTIONS) for (const s of report.skipped) console.log(`::warning file=${s.file}::left out of the site: ${s.reason}`);
    }
    return EXIT.ok;
  } catch (error) {
    const badSetting = isGleanerError(error, 'E_CONFIG');
    console.error(badSetting ? error.message : ((error as Error).stack ?? (error as Error).message));
    return badSetting ? EXIT.usage : EXIT.failed;
  }
});

await runMain(import.meta.url, main);
