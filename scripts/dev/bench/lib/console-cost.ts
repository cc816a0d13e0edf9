import type { Browser, Page } from 'playwright-core';

// What each example query of the /data/ console costs in Chromium: bytes and requests its worker
// read over range requests, and its time, as the page reports them (site/client/data-console/).
// Each query runs in a fresh browser context (a new worker, an empty HTTP cache), as a reader's
// first query does. The e2e test runs it on the demo; run it on a generated site for the bench.

export interface ConsoleCost {
  title: string;
  file: string;
  rows: number;
  ms: number;
  bytes: number;
  requests: number;
  fileBytes: number;
  /** The status line: the row count, or the SQL error. */
  status: string;
}

/** Runs the console's query (its "Run" or the form's) and waits for its answer. */
export async function runConsoleQuery(page: Page, start: () => Promise<void>): Promise<ConsoleCost> {
  await start();
  const status = page.locator('#console-status');
  await page.locator('#console-status[data-ms]').waitFor();
  const data = await status.evaluate((el: HTMLElement) => ({ ...el.dataset }));
  return {
    title: '',
    file: await page.locator('#console-file').inputValue(),
    rows: await page.locator('#console-result tbody tr').count(),
    ms: Number(data.ms),
    bytes: Number(data.bytes),
    requests: Number(data.requests),
    fileBytes: Number(data.fileBytes),
    status: await status.innerText(),
  };
}

/** Every example query on `dataUrl` (the site's /data/ page), each in a fresh context. */
export async function exampleQueryCosts(browser: Browser, dataUrl: string): Promise<ConsoleCost[]> {
  const titles = await withPage(browser, dataUrl, (page) => page.locator('.console-example').evaluateAll((buttons) => buttons.map((b) => b.previousElementSibling?.previousElementSibling?.textContent ?? '')));
  const costs: ConsoleCost[] = [];
  for (const [i, title] of titles.entries()) {
    costs.push({ ...(await withPage(browser, dataUrl, (page) => runConsoleQuery(page, () => page.locator('.console-example').nth(i).click()))), title });
  }
  return costs;
}

async function withPage<T>(browser: Browser, url: string, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await work(page);
  } finally {
    await context.close();
  }
}

/** One line per query, for a bench's output. */
export function formatCosts(costs: readonly ConsoleCost[]): string {
  return costs.map((c) => `${c.title.padEnd(40)} ${c.file.padEnd(28)} ${String(c.rows).padStart(5)} rows ${(c.bytes / 1024).toFixed(0).padStart(7)} KB of ${(c.fileBytes / 1024).toFixed(0)} KB, ${c.requests} requests, ${c.ms} ms`).join('\n');
}
