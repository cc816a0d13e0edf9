import { ConfigError } from '../../crawler/config/index.ts';
import { CrawlError } from '../../crawler/pipeline/crawl-error.ts';
import { StoreError } from '../../crawler/store/database.ts';

/**
 * What a command prints and returns for an error that ended it (npm run crawl, add, remove):
 * 2 for a bad config or topic, 3 for a root that cannot be used, 1 for anything else.
 */
export function reportError(error: unknown): number {
  if (error instanceof ConfigError || (error instanceof CrawlError && (error.code === 'E_TOPIC' || error.code === 'E_ARGS'))) {
    console.error(error.message);
    return 2;
  }
  if (error instanceof CrawlError || error instanceof StoreError) {
    console.error(`${error.code}: ${error.message}`);
    return 3;
  }
  console.error(error);
  return 1;
}
