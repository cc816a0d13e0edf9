import { readFileSync } from 'node:fs';
import { parseConfig, type UserConfig } from '../../../../crawler/config/index.ts';
import { sitePaths } from '../../../../crawler/paths.ts';
import { runCrawl } from '../../../../crawler/pipeline/index.ts';
import { selfUsage } from './measured-child.ts';

// Child process of a bench's crawl run: one real crawl (discover, fetch, process, dedup, store,
// publish, save) of a root, with the clock starting at the simulated hour the bench gives.
// argv: JSON { root, configFile, nowMs }. Answers over IPC with the run's summary.

const request = JSON.parse(process.argv[2]!) as { root: string; configFile: string; nowMs: number };
const config = parseConfig(JSON.parse(readFileSync(request.configFile, 'utf8')) as UserConfig);
const realStart = Date.now();
const summary = await runCrawl(config, sitePaths(request.root), { now: () => request.nowMs + (Date.now() - realStart) });
process.send!({ summary, ...selfUsage() }, () => process.exit(0));
