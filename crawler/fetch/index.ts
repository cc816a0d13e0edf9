export type { CacheValidators, FetchKind, FetchRequest, Redirect, FetchOutcome, FetcherOptions, Fetcher, FetchStats, HostResolver } from './types.ts';
export { createFetcher } from './fetcher.ts';
export { fetchProblem } from './describe.ts';
export { classifyAddress, METADATA_ADDRESSES } from './address-guard.ts';
export { decodeText, chooseCharset } from './charset.ts';
export { robotsToken } from './robots.ts';
