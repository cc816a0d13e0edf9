import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import type { SampleWeb } from '../../scripts/dev/demo/index.ts';
import { HOUR, clock, publishedUrls, query, removeTempRoots, smallSampleWeb, tempRoot, testConfig } from './helpers.ts';

// Bounds: a run stops at --max-pages or crawl.maxMinutesPerRun, saves its progress, and the next run carries on.

let web: SampleWeb;
beforeAll(async () => {
  web = await smallSampleWeb();
});
afterAll(async () => {
  await web?.close();
  removeTempRoots();
});

const N = 4;

const pageRequests = (from: number) =>
  web.requests.slice(from).filter((r) => !/\.(xml|json|txt)$/.test(r.path)).map((r) => `${r.host}${r.path}`);

describe('bounded runs', () => {
  it('resumes after --max-pages: run 1 stops at N pages, run 2 carries on, and together they publish what one unbounded run would', async () => {
    const config = testConfig(web);
    const whole = tempRoot();
    const wholeSummary = await runCrawl(config, whole, { now: clock().fn });
    expect(wholeSummary.stoppedBy).toBeNull();
    const expected = await publishedUrls(whole);
    expect(expected.length).toBeGreaterThan(3);

    const paths = tempRoot();
    const c = clock();
    const mark = web.requests.length;
    const first = await runCrawl(config, paths, { now: c.fn, maxPages: N });
    expect(first).toMatchObject({ stoppedBy: 'max-pages', saved: true });
    expect(first.fetched + Object.values(first.failed).reduce((a, b) => a + b, 0) + (first.rejected.robots ?? 0) + (first.rejected.not_html ?? 0)).toBe(N);
    expect(first.pending).toBe(wholeSummary.fetched + Object.values(wholeSummary.failed).reduce((a, b) => a + b, 0) + (wholeSummary.rejected.robots ?? 0) + (wholeSummary.rejected.not_html ?? 0) - N);
    const afterFirst = await publishedUrls(paths);
    expect(afterFirst.length).toBeGreaterThan(0);
    expect(afterFirst.length).toBeLessThan(expected.length);
    expect((await query<{ n: number }>(paths, `SELECT count(*) AS n FROM urls WHERE state = 'discovered'`))[0]!.n).toBe(first.pending);

    c.advance(HOUR);
    const second = await runCrawl(config, paths, { now: c.fn });
    expect(second.stoppedBy).toBeNull();
    expect(second.pending).toBe(0);
    expect(await publishedUrls(paths)).toEqual(expected);
    // No page was fetched twice across the two runs.
    const pages = pageRequests(mark).filter((p) => !p.endsWith('/robots.txt'));
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('publishes the same set wherever the bound falls (an original is never cut off from its later copy)', async () => {
    const config = testConfig(web);
    const whole = tempRoot();
    const summary = await runCrawl(config, whole, { now: clock().fn });
    const expected = await publishedUrls(whole);
    const pages = summary.totals.published! + summary.totals.rejected! + (summary.totals.failed ?? 0);
    for (let n = 1; n < pages; n++) {
      const paths = tempRoot();
      const c = clock();
      await runCrawl(config, paths, { now: c.fn, maxPages: n });
      c.advance(HOUR);
      await runCrawl(config, paths, { now: c.fn });
      expect(await publishedUrls(paths), `bound ${n}`).toEqual(expected);
    }
  });

  it('a run killed mid-way leaves its last checkpoint on disk, and the next run carries on from it', async () => {
    const config = testConfig(web, (u) => ({ ...u, crawl: { ...u.crawl, concurrency: 1 } }));
    const whole = tempRoot();
    await runCrawl(config, whole, { now: clock().fn });
    const expected = await publishedUrls(whole);

    const paths = tempRoot();
    const c = clock();
    let pages = 0;
    const killed = runCrawl(config, paths, {
      now: c.fn,
      checkpointMs: 0,
      reporter: (e) => {
        if (e.type === 'page' && ++pages === 5) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    const states = await query<{ state: string }>(paths, 'SELECT state FROM urls');
    expect(states.filter((s) => s.state !== 'discovered')).toHaveLength(4);
    expect(await publishedUrls(paths)).toEqual([]);

    c.advance(HOUR);
    await runCrawl(config, paths, { now: c.fn });
    expect(await publishedUrls(paths)).toEqual(expected);
  });

  it('stops at crawl.maxMinutesPerRun, saves, and the next run carries on', async () => {
    const paths = tempRoot();
    const c = clock();
    const config = testConfig(web, (u) => ({ ...u, crawl: { ...u.crawl, maxMinutesPerRun: 1, concurrency: 1 } }));
    // Each page takes "40 seconds" on this clock: the bound falls after the second page.
    const first = await runCrawl(config, paths, { now: c.fn, reporter: (e) => e.type === 'page' && c.advance(40_000) });
    expect(first.stoppedBy).toBe('time');
    expect(first.saved).toBe(true);
    expect(first.pending).toBeGreaterThan(0);
    const left = first.pending;

    c.advance(HOUR);
    const second = await runCrawl(config, paths, { now: c.fn });
    expect(second.stoppedBy).toBeNull();
    expect(second.pending).toBe(0);
    expect(second.fetched + Object.values(second.failed).reduce((a, b) => a + b, 0) + Object.values(second.rejected).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(left);
    expect((await query<{ n: number }>(paths, `SELECT count(*) AS n FROM urls WHERE state IN ('discovered', 'fetched')`))[0]!.n).toBe(0);
    expect((await query<{ status: string }>(paths, 'SELECT status FROM runs ORDER BY id')).map((r) => r.status)).toEqual(['stopped:time', 'complete']);
  });
});
