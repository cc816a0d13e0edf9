import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { bucketHoldsMedia } from '../../crawler/media/store-file.ts';
import { commandArgs, flagOptions, valueOptions } from '../kit/args.ts';
import { runMain } from '../kit/main.ts';
import { onTerminal } from '../kit/progress.ts';
import { isGleanerError } from '../../crawler/errors.ts';
import { DEPLOY_CODES, type DeployCode } from './errors.ts';
import { deploy, describeTarget, settingsFromEnv } from './index.ts';
import { credentialsFrom } from './s3-client.ts';
import { createProgress, formatPlan, formatSummary, formatWebSubWarnings } from './output.ts';
import { EXIT, type ExitCode } from '../kit/exit-codes.ts';

const HELP = `Usage: npm run deploy -- [options]

Syncs the built site to an S3-compatible bucket: uploads new and changed files (hashed assets
first, then pages, then feeds and sitemaps), deletes objects no longer in the build, and
invalidates changed paths on CloudFront when configured, then tells the site's WebSub hub
(site.websubHub in the config) which feeds changed. Archived copies (archive/ in the site
root, $GLEANER_ROOT/archive) go up first, under archive/<id>/, and are never deleted. What the bucket holds is read from the
last deploy's manifest (.gleaner/deploy.json in the bucket), so a deploy of a large site lists
nothing; the build's own file list (dist/.gleaner/files.json) gives the build's side.

Options:
  --dir <path>              build folder to deploy (default: dist/, or $GLEANER_ROOT/dist)
  --config <file>           site config, read for its WebSub hub (default: site.config.ts, or $GLEANER_CONFIG)
  --dry-run                 print the plan; change nothing
  --force                   deploy even if it deletes more than DEPLOY_MAX_DELETE_SHARE of the bucket
  --list                    list the bucket and compare with it instead of trusting the last manifest
  --verbose                 one line per uploaded or deleted object
  -h, --help                show this help

Environment:
  S3_BUCKET                 bucket name (required)
  S3_REGION                 region (default us-east-1, which S3-compatible stores accept)
  S3_ENDPOINT               endpoint of an S3-compatible store (R2, B2, MinIO…)
  S3_PREFIX                 key prefix inside the bucket, like "site/"
  S3_FORCE_PATH_STYLE       true for stores that need path-style URLs (MinIO)
  CLOUDFRONT_DISTRIBUTION_ID  invalidate changed paths on this distribution
  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY  credentials (or any source the AWS SDK's default chain reads)
  DEPLOY_MAX_DELETE_SHARE   largest share of the bucket a deploy may delete without --force (default 0.3)
  DEPLOY_CONCURRENCY        requests in flight (default 8)

A hub that fails is a warning, never a failed deploy.

Exit codes: 0 deployed (or planned); 2 bad settings or arguments; 3 refused (delete guard,
            missing build); 4 refused: the build holds only what changed and the bucket lacks
            the rest (build with --cold and deploy again); 1 the bucket or CDN failed.`;

const EXIT_FOR: Partial<Record<DeployCode, ExitCode>> = { E_DEPLOY_CONFIG: EXIT.usage, E_DEPLOY_GUARD: EXIT.refused, E_DEPLOY_DIR: EXIT.refused, E_DEPLOY_PARTIAL: EXIT.partialBuild };

export async function main(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const parsed = commandArgs(argv, { ...valueOptions('dir', 'config'), ...flagOptions('dry-run', 'force', 'list', 'verbose') }, HELP);
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const settings = settingsFromEnv(env);
  if (!settings.ok) {
    console.error(settings.error.message);
    return EXIT.usage;
  }
  const paths = sitePaths(env.GLEANER_ROOT);
  const dir = resolve(args.dir ?? paths.dist);
  const dryRun = Boolean(args['dry-run']);
  console.log(`${dryRun ? 'Planning' : 'Deploying'} ${dir} → ${describeTarget(settings.value)}`);

  const progress = createProgress({ tty: onTerminal(env), verbose: Boolean(args.verbose) });
  try {
    const websub = await websubOf(args.config ?? env.GLEANER_CONFIG);
    const report = await deploy({ dir, settings: settings.value, dryRun, force: args.force, listBucket: args.list, keepMedia: bucketHoldsMedia(paths), archiveDir: paths.archive, websub, credentials: credentialsFrom(env), onEvent: progress.onEvent });
    progress.stop();
    if (dryRun) console.log(formatPlan(report.plan));
    console.log(formatSummary(report));
    for (const warning of formatWebSubWarnings(report)) console.error(warning);
    return dryRun && report.plan.blocked ? EXIT.refused : EXIT.ok;
  } catch (error) {
    progress.stop();
    if (isGleanerError(error, ...DEPLOY_CODES)) {
      console.error(`${error.code}: ${error.message}`);
      return EXIT_FOR[error.code] ?? EXIT.failed;
    }
    console.error((error as Error).stack ?? String(error));
    return EXIT.failed;
  }
}

/**
 * The config's WebSub hub, with the site's address its feeds name. No config where the default
 * one would be (a build folder deployed on its own) is no hub; a config that cannot be read is a
 * warning: the pings are the deploy's last step and never what fails it.
 */
async function websubOf(file: string | undefined): Promise<{ hub: string; siteUrl: string } | undefined> {
  if (!file && !existsSync('site.config.ts')) return undefined;
  try {
    const config = await loadConfig(file);
    return config.site.websubHub ? { hub: config.site.websubHub, siteUrl: config.site.url } : undefined;
  } catch (error) {
    console.error(`warning: no WebSub pings: ${(error as Error).message}`);
    return undefined;
  }
}

await runMain(import.meta.url, main);
