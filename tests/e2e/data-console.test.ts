import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleQueryCosts, formatCosts, runConsoleQuery, type ConsoleCost } from '../../scripts/dev/bench/lib/console-cost.ts';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { SCRIPT_FILE_POLICY } from '../../site/html/csp.ts';
import { describeProblems, startBrowser, watchedPage } from '../helpers/browser.ts';
import { demoBuild, type DemoBuild } from './helpers/demo-build.ts';

// The SQL console on /data/ in Chromium, on the shared demo build served by `npm run serve`'s
// server (which answers byte ranges): every example query runs and shows rows, reading only part
// of the database; an invalid query shows SQLite's error; a link reopens a query; Cancel ends a
// running one; without JavaScript the page is the list of queries to copy.

let site: DemoBuild;
let server: StaticServer;
let browser: Browser;
let costs: ConsoleCost[];
/** Range requests for data files, as the browser saw them: [path, status, body bytes]. */
const served: Array<[string, number, number]> = [];

beforeAll(async () => {
  site = await demoBuild();
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const dataUrl = () => new URL('/data/', server.url).href;

describe('the data console', () => {
  it('runs every example query on the demo and shows its rows, reading less than the whole file', async () => {
    costs = await exampleQueryCosts(browser, dataUrl());
    console.log(formatCosts(costs));
    expect(costs.length).toBeGreaterThanOrEqual(6);
    const size = statSync(join(site.dist, 'data', 'site.sqlite')).size;
    for (const cost of costs) {
      expect(cost.status, cost.title).toMatch(/^\d+ rows?; /);
      expect(cost.rows, cost.title).toBeGreaterThan(0);
      expect(cost.file, cost.title).toBe('site.sqlite');
      expect(cost.fileBytes, cost.title).toBe(size);
    }
    // The demo's database is 1.5 MB: 380 pages of 4 KB.
    expect(size).toBeGreaterThan(64 * 4096);
    const newest = costs.find((c) => c.title === 'The ten newest articles')!;
    expect(newest.rows).toBe(10);
    expect(newest.bytes).toBeLessThan(size / 2);
    const fts = costs.find((c) => c.title.startsWith('Full-text search'))!;
    expect(fts.bytes).toBeLessThan(size / 2);
  }, 180_000);

  it('reads the file with range requests the server answers with 206, and counts what they carried', async () => {
    const { page, problems, context } = await watchedPage(browser);
    context.on('requestfinished', async (request) => {
      if (!request.url().endsWith('.sqlite')) return;
      const response = await request.response();
      served.push([new URL(request.url()).pathname, response!.status(), (await request.sizes()).responseBodySize]);
    });
    // The worker runs under the scripts' policy (no other origin), and the query still answers.
    const workerPolicy = page.waitForResponse((r) => /\/_astro\/worker-[^/]+\.js$/.test(r.url())).then(async (r) => (await r.allHeaders())['content-security-policy']);
    await page.goto(dataUrl());
    const cost = await runConsoleQuery(page, () => page.locator('.console-example').first().click());
    expect(await workerPolicy).toBe(SCRIPT_FILE_POLICY);
    await context.close();
    expect(served.length).toBe(cost.requests);
    expect(served.every(([path, status]) => path === '/data/site.sqlite' && status === 206)).toBe(true);
    expect(served.reduce((n, [, , bytes]) => n + bytes, 0)).toBe(cost.bytes);
    expect(describeProblems(problems)).toEqual([]);
  }, 60_000);

  it('shows an invalid query’s SQL error, and runs the next query', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(dataUrl());
    await page.locator('#console-sql').fill('SELECT nope FROM articles');
    const bad = await runConsoleQuery(page, () => page.locator('#console-run').click());
    expect(bad.status).toMatch(/^SQL error: no such column: nope/);
    expect(bad.rows).toBe(0);
    await page.locator('#console-sql').fill('SELECT count(*) AS n FROM articles');
    const good = await runConsoleQuery(page, () => page.locator('#console-run').click());
    expect(good.status).toMatch(/^1 row; /);
    expect(Number(await page.locator('#console-result td').first().innerText())).toBeGreaterThan(50);
    await context.close();
    expect(describeProblems(problems)).toEqual([]);
  }, 60_000);

  it('reopens a query from its link, /data/?sql=…', async () => {
    const sql = "SELECT title FROM articles_fts WHERE articles_fts MATCH 'wind' ORDER BY title LIMIT 3";
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(dataUrl());
    await page.locator('#console-sql').fill(sql);
    await runConsoleQuery(page, () => page.locator('#console-run').click());
    const link = await page.locator('#console-link').getAttribute('href');
    expect(link).toBe(`/data/?${new URLSearchParams({ sql, file: 'site.sqlite' })}#console`);
    const first = await page.locator('#console-result tbody').innerText();

    const again = await context.newPage();
    await again.goto(new URL(link!, server.url).href);
    await again.locator('#console-status[data-ms]').waitFor();
    expect(await again.locator('#console-sql').inputValue()).toBe(sql);
    expect(await again.locator('#console-result tbody tr').count()).toBe(3);
    expect(await again.locator('#console-result tbody').innerText()).toBe(first);
    await context.close();
    expect(describeProblems(problems)).toEqual([]);
  }, 60_000);

  it('cancels a running query by ending its worker, and runs the next one in a new worker', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(dataUrl());
    await page.locator('#console-sql').fill('WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n');
    await page.locator('#console-run').click();
    await page.locator('#console-cancel').click();
    expect(await page.locator('#console-status').innerText()).toBe('Cancelled.');
    expect(await page.locator('#console-cancel').isHidden()).toBe(true);
    await page.locator('#console-sql').fill('SELECT 1 AS one');
    const next = await runConsoleQuery(page, () => page.locator('#console-run').click());
    expect(next.status).toMatch(/^1 row; /);
    await context.close();
    expect(describeProblems(problems)).toEqual([]);
  }, 60_000);

  it('without JavaScript, shows the queries to copy and no console', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(dataUrl());
    expect(await page.locator('#console').isHidden()).toBe(true);
    expect(await page.locator('.console-example').first().isHidden()).toBe(true);
    expect(await page.locator('pre code', { hasText: 'ORDER BY' }).count()).toBeGreaterThan(0);
    await context.close();
  }, 60_000);
});
