import type { Config } from '../config/index.ts';
import type { ProcessOptions } from './process-page.ts';
import { extractionRuleFor, type RuleSet } from '../rules/index.ts';

/** How a fetched page is processed under the config: the crawl and --explain both build it here. */
export function processOptions(config: Config, page: { listedUrl: string; finalUrl: string; rules: RuleSet }): ProcessOptions {
  return {
    minWords: config.quality.minWords,
    maxWords: config.quality.maxWords,
    maskProfanity: config.quality.maskProfanity,
    extract: { maxInputChars: config.crawl.extractMaxChars, maxElements: config.crawl.extractMaxElements, maxDepth: config.crawl.extractMaxDepth },
    siteRule: extractionRuleFor(config.extraction, page.finalUrl),
    rules: page.rules,
    otherUrls: page.listedUrl === page.finalUrl ? [] : [page.listedUrl],
  };
}
