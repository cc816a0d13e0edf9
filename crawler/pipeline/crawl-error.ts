/** A run that cannot work at all (bad root, unknown topic, inconsistent state); the CLI turns it into an exit code. */
export class CrawlError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CrawlError';
    this.code = code;
  }
}
