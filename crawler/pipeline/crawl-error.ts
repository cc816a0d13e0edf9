/** A run that cannot work at all (bad root, unknown topic, inconsistent state); the CLI turns it into an exit code. */
export class CrawlError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CrawlError';
    this.code = code;
  }
}

/** The one answer to topics the config does not have (npm run crawl --topic, add --topic, --explain --topic). */
export function unknownTopicError(config: { topics: ReadonlyArray<{ slug: string }> }, slugs: string[]): CrawlError {
  return new CrawlError('E_TOPIC', `unknown topic ${slugs.map((s) => `"${s}"`).join(', ')}; the config has ${config.topics.map((t) => t.slug).join(', ')}`);
}
