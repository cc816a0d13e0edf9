import { isGleanerError } from '../../crawler/errors.ts';
import { manifestFolders } from '../../crawler/media/manifest.ts';
import { readMediaStore } from '../../crawler/media/store-file.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { openStateReader, stateLayout } from '../../crawler/store/read.ts';
import { command, usageError, valueOptions } from '../kit/args.ts';
import { EXIT } from '../kit/exit-codes.ts';
import { runMain } from '../kit/main.ts';
import { mediaBucketFromEnv } from './from-env.ts';
import { moveToBucket } from './to-bucket.ts';
import { moveToGit } from './to-git.ts';

const HELP = `Usage: npm run media -- --to bucket | --to git [--root <dir>]

Moves the site's lead images between git (media/<yyyy>/<mm>/, committed) and the deploy's bucket
(media/<name>, where the deploy serves them; the repository keeps only the media manifest,
data/media/<yyyy>/<mm>.jsonl, and data/media/store.json says which). URLs stay /media/<name>.
Source icons stay in git either way: the build serves their bytes.

  --to bucket   upload every lead image under media/ (those the bucket holds with the same bytes
                are skipped), name it in the manifest, then remove it from disk; store.json last
  --to git      download every file the manifest names back to media/, checked against its
                SHA-256; then store.json, and the manifest goes
  --root <dir>  site root (default: ., or $GLEANER_ROOT)
  -h, --help    show this help

Nothing is lost at any point: a file leaves the disk only once the bucket holds its bytes, and a
move killed part-way is finished by running it again. Commit afterwards:
  git add --all media data/media && git commit -m "Lead images in the bucket"

Environment: the deploy's bucket settings (S3_BUCKET, S3_ENDPOINT, S3_PREFIX, S3_REGION,
S3_FORCE_PATH_STYLE, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY; see npm run deploy -- --help).

Exit codes: 0 moved (or nothing to move); 2 bad arguments or bucket settings; 1 the bucket failed
            (run it again).`;

export const main = command({ help: HELP, options: valueOptions('to', 'root') }, async (args) => {
  if (args.to !== 'bucket' && args.to !== 'git') return usageError(`--to must be bucket or git${args.to ? ` (got "${args.to}")` : ''}`, HELP);
  const paths = sitePaths(args.root);
  try {
    if (args.to === 'git' && readMediaStore(paths) === 'git' && !manifestFolders(paths).length) {
      console.log('Lead images are in git already (data/media/store.json): nothing to move.');
      return EXIT.ok;
    }
    const bucket = mediaBucketFromEnv(process.env);
    try {
      let report;
      const state = stateLayout(paths) !== 'none' ? await openStateReader(paths) : null;
      if (args.to === 'bucket') {
        const owners = state?.mediaOwners() ?? { icons: [], articleOf: new Map<string, number>() };
        state?.close();
        report = await moveToBucket(paths, bucket, owners);
      } else {
        // A taken-down article's lead image is not brought back (its deploy deleted it from the bucket).
        const takenDown = new Set(state?.removedMedia() ?? []);
        state?.close();
        report = await moveToGit(paths, bucket, takenDown);
      }
      console.log(`${report.files} lead image file(s) now ${args.to === 'bucket' ? 'in the bucket' : 'under media/'} (${report.transferred} transferred). data/media/store.json says "${args.to}".`);
      console.log('Commit it: git add --all media data/media && git commit -m "Lead images in the ' + args.to + '"');
      return EXIT.ok;
    } finally {
      bucket.close();
    }
  } catch (error) {
    if (isGleanerError(error, 'E_MEDIA_STORE')) {
      console.error(`E_MEDIA_STORE: ${error.message}`);
      return EXIT.usage;
    }
    if (isGleanerError(error, 'E_DEPLOY_S3')) {
      console.error(`E_DEPLOY_S3: ${error.message}`);
      return EXIT.failed;
    }
    console.error((error as Error).stack ?? String(error));
    return EXIT.failed;
  }
});

await runMain(import.meta.url, main);
