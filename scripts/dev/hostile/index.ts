export { startHostileWeb, TEST_TIMING, REALISTIC_TIMING, type HostileWeb, type HostileWebOptions } from './server.ts';
export { hostileConfig, FAST_CRAWL, HOSTILE_TOPIC } from './config.ts';
export { ROUTES, listedPages } from './routes/index.ts';
export { observeCrawl, makeProbe, type RouteResult } from './observe.ts';
export { formatTable } from './table.ts';
export { runCrawlProcess, type CrawlProcessResult } from './run.ts';
export { inertHtmlProblems, renderMarkdown, articleBody } from './inert.ts';
export type { HostileRoute, HostileTiming, ServedRequest, Probe } from './types.ts';
