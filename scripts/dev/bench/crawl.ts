// Crawl benchmark (npm run bench:crawl).
//
// Generates a web of article pages across many hosts (default 50 hosts × 40 pages = 2,000
// articles, plus each host's robots.txt and RSS feed), served by a local server in a child
// process with a deterministic per-response latency (default 20–80 ms). Crawls it with the real
// pipeline (runCrawl) into a temp root: politeness delay 100 ms per host, concurrency 16,
// robots.txt honoured, images off. Prints pages/s, the ratio of the run's wall time to the
// politeness lower bound (see lib/crawl-bound.ts), time per phase, and peak memory (RSS sampled
// during the run, and process.resourceUsage().maxRSS). Results also go to bench-results/crawl.json.
//
// Options: --hosts 50 --pages 40 --concurrency 16 --delay 100 --min-latency 20 --max-latency 80
//          --workers N (crawl.processWorkers: page-processing threads, default 0) --keep

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { runCrawl, type CrawlEvent } from '../../../crawler/pipeline/index.ts';
import { politenessBound } from './lib/crawl-bound.ts';
import type { ParentMessage, ServedRequest, ServerMessage } from './lib/crawl-server.ts';
import { TOPIC_COUNT, feedUrl, hostNames, type BenchWebOptions } from './lib/crawl-web.ts';
import { machine, writeResults } from './lib/results.ts';
import { commandArgs } from '../../kit/args.ts';

const parsed = commandArgs(process.argv.slice(2), {
  hosts: { type: 'string', default: '50' },
  pages: { type: 'string', default: '40' },
  concurrency: { type: 'string', default: '16' },
  delay: { type: 'string', default: '100' },
  'min-latency': { type: 'string', default: '20' },
  'max-latency': { type: 'string', default: '80' },
  workers: { type: 'string' },
  keep: { type: 'boolean', default: false },
}, 'usage: npm run bench:crawl -- [--hosts 50] [--pages 40] [--concurrency 16] [--delay 100] [--min-latency 20] [--max-latency 80] [--workers N] [--keep]');
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const web: BenchWebOptions = {
  hosts: Number(args.hosts),
  pagesPerHost: Number(args.pages),
  minLatencyMs: Number(args['min-latency']),
  maxLatencyMs: Number(args['max-latency']),
};
const concurrency = Number(args.concurrency);
const delayMs = Number(args.delay);
const workers = args.workers === undefined ? undefined : Number(args.workers);

// ---------- the web, in a child process ----------

const server = fork(new URL('./lib/crawl-server.ts', import.meta.url).pathname, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const ask = <T extends ServerMessage['type']>(message: ParentMessage, answer: T): Promise<Extract<ServerMessage, { type: T }>> =>
  new Promise((resolve) => {
    const listener = (m: ServerMessage) => {
      if (m.type !== answer) return;
      server.off('message', listener);
      resolve(m as Extract<ServerMessage, { type: T }>);
    };
    server.on('message', listener);
    server.send(message);
  });
const { port } = await ask({ type: 'start', options: web }, 'listening');

// ---------- the crawl ----------

const hosts = hostNames(web);
const resolve = Object.fromEntries(hosts.map((h) => [h, `127.0.0.1:${port}`]));
const config = parseConfig({
  site: { title: 'Crawl bench', url: 'https://bench.example' },
  topics: Array.from({ length: TOPIC_COUNT }, (_, t) => ({
    slug: `topic-${t + 1}`,
    name: `Topic ${t + 1}`,
    sources: hosts.map((_, i) => i).filter((i) => i % TOPIC_COUNT === t).map(feedUrl),
  })),
  publish: { perTopicPerRun: 20 },
  quality: { minWords: 300 },
  images: { enabled: false },
  crawl: {
    resolve,
    privateHosts: hosts,
    concurrency,
    perHostDelayMs: delayMs,
    maxPagesPerRun: 1_000_000,
    maxMinutesPerRun: 60,
    processWorkers: workers,
  },
});

const root = mkdtempSync(join(tmpdir(), 'gleaner-bench-crawl-'));
const phases: Array<{ phase: string; at: number }> = [];
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 25);
const reporter = (event: CrawlEvent): void => {
  if (event.type === 'phase') phases.push({ phase: event.phase, at: performance.now() });
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};

console.log(`bench:crawl — ${web.hosts} hosts × ${web.pagesPerHost} pages, latency ${web.minLatencyMs}–${web.maxLatencyMs} ms, delay ${delayMs} ms/host, concurrency ${concurrency}`);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const summary = await runCrawl(config, sitePaths(root), { reporter });
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
clearInterval(sampler);
const maxRssKb = process.resourceUsage().maxRSS;

const { requests } = await ask({ type: 'log' }, 'log');
server.send({ type: 'stop' } satisfies ParentMessage);
if (!args.keep) rmSync(root, { recursive: true, force: true });

// ---------- figures ----------

const bound = politenessBound(requests, { delayMs, concurrency });
const pages = requests.filter((r: ServedRequest) => r.path.startsWith('/posts/')).length;
const phaseMs: Record<string, number> = {};
phases.forEach((p, i) => (phaseMs[p.phase] = Math.round((phases[i + 1]?.at ?? started + wallMs) - p.at)));
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const result = {
  web: { ...web, articlePages: web.hosts * web.pagesPerHost, requests: requests.length, pageRequests: pages },
  crawl: { concurrency, perHostDelayMs: delayMs, respectRobots: true, images: false },
  run: {
    wallMs: Math.round(wallMs),
    phasesMs: phaseMs,
    fetched: summary.fetched,
    articles: summary.articles,
    published: summary.published,
    rejected: summary.rejected,
    failed: summary.failed,
  },
  pagesPerSecond: Math.round((summary.fetched / (wallMs / 1000)) * 10) / 10,
  cpu: { ms: Math.round(cpuMs), perPageMs: Math.round((cpuMs / Math.max(1, summary.fetched)) * 10) / 10, workers: config.crawl.processWorkers, loadAverage: loadavg()[0] },
  politeness: {
    boundMs: Math.round(bound.boundMs),
    limitedBy: bound.limitedBy,
    slowestHost: bound.slowestHost,
    globalMs: Math.round(bound.globalMs),
    ratio: Math.round((wallMs / bound.boundMs) * 100) / 100,
  },
  memory: { peakRssSampledMB: mb(peakRss), maxRssMB: mb(maxRssKb * 1024) },
  machine: machine(),
};

console.log(`
fetched ${summary.fetched} pages (${summary.articles} new articles, ${summary.published} published) with ${requests.length} requests in ${(wallMs / 1000).toFixed(1)} s
  phases: ${Object.entries(phaseMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}
pages/s: ${result.pagesPerSecond}
politeness lower bound: ${(bound.boundMs / 1000).toFixed(2)} s (${bound.limitedBy})
  per host, requests go one at a time, ${delayMs} ms apart: the slowest host (${bound.slowestHost.host}, ${bound.slowestHost.requests} requests)
    needs Σ latency + (n − 1) × ${delayMs} ms = ${(bound.slowestHost.ms / 1000).toFixed(2)} s;
  overall at most ${concurrency} requests are in flight: Σ latency / ${concurrency} = ${(bound.globalMs / 1000).toFixed(2)} s;
  the bound is the larger. It leaves out all CPU work (parsing, extraction, dedup, saving, publishing).
wall time / bound: ${result.politeness.ratio}
CPU: ${(cpuMs / 1000).toFixed(1)} s in all threads of the crawler (${result.cpu.perPageMs} ms per page; processing workers: ${result.cpu.workers}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs)
peak memory: RSS sampled during the run ${result.memory.peakRssSampledMB} MB, maxRSS ${result.memory.maxRssMB} MB
`);
if (summary.fetched < web.hosts * web.pagesPerHost || Object.keys(summary.failed).length) {
  console.log(`warning: expected ${web.hosts * web.pagesPerHost} pages fetched without failures; failed: ${JSON.stringify(summary.failed)}`);
}

console.log(`wrote ${writeResults('crawl', result)}`);
