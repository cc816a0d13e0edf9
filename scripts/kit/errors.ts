import { isGleanerError } from '../../crawler/errors.ts';
import { EXIT } from './exit-codes.ts';

/**
 * What a command prints and returns for an error that ended it (npm run crawl, add, remove):
 * 2 for a bad config, argument or topic, 3 for a root or store that cannot be used, 1 for anything else.
 */
export function reportError(error: unknown): number {
  if (isGleanerError(error, 'E_CONFIG', 'E_TOPIC', 'E_ARGS')) {
    console.error(error.message);
    return EXIT.usage;
  }
  if (isGleanerError(error, 'E_STATE', 'E_UNWRITABLE', 'E_STORE_CORRUPT', 'E_STORE_MISSING', 'E_STORE_TOO_NEW', 'E_STORE_NO_PATH')) {
    console.error(`${error.code}: ${error.message}`);
    return EXIT.refused;
  }
  console.error(error);
  return EXIT.failed;
}
