import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { ERROR_CODES, FAILURE_CODES, REJECT_REASONS } from '../../crawler/errors.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { openState } from '../../crawler/store/state.ts';
import { articleBody, hostileConfig, inertHtmlProblems, observeCrawl, renderMarkdown, ROUTES, runCrawlProcess, startHostileWeb, TEST_TIMING, type CrawlProcessResult, type HostileWeb, type RouteResult } from '../../scripts/dev/hostile/index.ts';
import { describe as describeExpectation } from '../../scripts/dev/hostile/observe.ts';
import { strayRequests } from '../../scripts/dev/hostile/hosts.ts';

// One crawl of the whole hostile web (scripts/dev/hostile/), as a child process with test timeouts,
// then one test per route: what became of it must be what the route expects, and the route's
// own guarantees must hold. Around them, the guarantees of the run as a whole.

/** Peak memory allowed to the crawl process (its baseline on the sample web is ~420 MB, one processing worker adds ~200 MB). */
const MEMORY_LIMIT_MB = 1200;

let web: HostileWeb;
let root: string;
let paths: SitePaths;
let config: Config;
let run: CrawlProcessResult;
let results: Map<string, RouteResult>;

beforeAll(async () => {
  web = await startHostileWeb({ timing: TEST_TIMING });
  root = mkdtempSync(join(tmpdir(), 'gleaner-hostile-test-'));
  paths = sitePaths(root);
  const user = hostileConfig(web, { fast: true });
  config = parseConfig(user);
  run = await runCrawlProcess({ config: user, root });
  const observed = run.exitCode === 0 ? await observeCrawl({ routes: web.routes, paths, config, requests: web.requests, log: run.stderr }) : [];
  results = new Map(observed.map((r) => [r.route.id, r]));
}, 900_000); // ~20 s alone, 3-4 minutes on a loaded machine

afterAll(async () => {
  await web?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a crawl of the hostile web', () => {
  it('has at least 30 routes, each with its own expectation, all listed in its README as the code has them', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    const readme = readFileSync(new URL('../../scripts/dev/hostile/README.md', import.meta.url), 'utf8');
    const row = (r: (typeof ROUTES)[number]) => `| \`${r.id}\` | ${r.kind} | ${r.attack} | ${describeExpectation(r.expect)} |`;
    expect(ROUTES.filter((r) => !readme.includes(row(r))).map(row)).toEqual([]);
  });

  it('finishes: exit code 0, nothing left in the queue, within its time bound', () => {
    expect(run.signal, run.stderr.slice(-2000)).toBeNull();
    expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
    expect(run.summary).not.toBeNull();
    expect(run.summary!.stoppedBy).toBeNull();
    expect(run.summary!.pending).toBe(0);
    // The run stops starting work at maxMinutesPerRun; what is in flight then has its own timeouts.
    const bound = config.crawl.maxMinutesPerRun * 60_000 + (config.crawl.retries + 1) * config.crawl.totalTimeoutMs + config.crawl.processTimeoutMs;
    expect(run.durationMs).toBeLessThan(bound);
  });

  it('leaves every URL published, rejected with a reason, or failed with a code', async () => {
    const db = await openState(paths, { readOnly: true });
    try {
      const rows = db.all<{ url: string; state: string; reason: string | null; error_code: string | null; detail: string | null }>('SELECT url, state, reason, error_code, detail FROM urls');
      expect(rows.length).toBeGreaterThan(50);
      const unsettled = rows.filter((r) => !['published', 'rejected', 'failed'].includes(r.state));
      expect(unsettled.map((r) => `${r.url} ${r.state}`)).toEqual([]);
      const badRejections = rows.filter((r) => r.state === 'rejected' && !(REJECT_REASONS as readonly string[]).includes(r.reason ?? ''));
      expect(badRejections.map((r) => r.url)).toEqual([]);
      const badFailures = rows.filter((r) => r.state === 'failed' && (!(FAILURE_CODES as readonly string[]).includes(r.error_code ?? '') || !r.detail));
      expect(badFailures.map((r) => r.url)).toEqual([]);
      // Every source was read, or failed with a code of the vocabulary (or a rejection reason) and a message.
      const sources = db.all<{ url: string; last_status: string | null; last_error_code: string | null; last_reason: string | null; last_error: string | null }>(
        'SELECT url, last_status, last_error_code, last_reason, last_error FROM sources',
      );
      const known = (s: (typeof sources)[number]) => (ERROR_CODES as readonly string[]).includes(s.last_error_code ?? '') || (REJECT_REASONS as readonly string[]).includes(s.last_reason ?? '');
      expect(sources.filter((s) => s.last_status !== 'read' && !(s.last_status === 'failed' && known(s) && s.last_error)).map((s) => s.url)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it(`keeps the crawl's memory bounded (peak under ${MEMORY_LIMIT_MB} MB)`, () => {
    expect(run.peakRssMb).not.toBeNull();
    console.log(`hostile crawl: peak memory ${run.peakRssMb} MB, ${run.durationMs} ms`);
    expect(run.peakRssMb!).toBeLessThan(MEMORY_LIMIT_MB);
  });

  it('never let a request reach the network behind the guard', () => {
    expect(web.requests.length).toBeGreaterThan(50);
    expect(strayRequests(web).map((r) => `${r.host}${r.path}`)).toEqual([]);
  });

  it('publishes only Markdown that renders inert, as the site renders it', async () => {
    const db = await openState(paths, { readOnly: true });
    const published = db.all<{ source_url: string; file: string }>(`SELECT source_url, file FROM articles WHERE status = 'published'`);
    db.close();
    expect(published.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    for (const a of published) for (const p of inertHtmlProblems(await renderMarkdown(articleBody(readFileSync(join(paths.root, a.file), 'utf8'))))) problems.push(`${a.source_url}: ${p}`);
    expect(problems).toEqual([]);
  });
});

describe('each hostile route', () => {
  for (const route of ROUTES) {
    it(`${route.id}: ${route.attack} → ${describeExpectation(route.expect)}`, () => {
      const result = results.get(route.id);
      expect(result, 'the route was not observed (did the crawl run?)').toBeDefined();
      expect(result!.problems).toEqual([]);
    });
  }
});
