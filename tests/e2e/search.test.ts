import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { describeProblems, startBrowser, watchedPage } from '../helpers/browser.ts';
import { readContent, type ContentFile } from '../site/helpers/content.ts';
import { demoBuild } from './helpers/demo-build.ts';

// Search in Chromium: Pagefind's index of the demo site, from the search page (results as
// you type, with title, date and excerpt, and topic/tag filters) and from the header box.

let server: StaticServer;
let browser: Browser;
let content: ContentFile[];

beforeAll(async () => {
  const site = await demoBuild();
  content = await readContent(site.root);
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A long word that occurs in exactly one article (compared by its first 7 letters, so Pagefind's stemming cannot match another). */
function distinctiveWord(): { word: string; article: ContentFile } {
  const docsByStem = new Map<string, Set<string>>();
  const words = new Map<string, { word: string; article: ContentFile; count: number }>();
  for (const article of content) {
    for (const word of article.body.toLowerCase().match(/\b[a-z]{9,}\b/g) ?? []) {
      const stem = word.slice(0, 7);
      (docsByStem.get(stem) ?? docsByStem.set(stem, new Set()).get(stem)!).add(article.id);
      const key = `${article.id} ${word}`;
      const seen = words.get(key);
      words.set(key, { word, article, count: (seen?.count ?? 0) + 1 });
    }
  }
  const unique = [...words.values()].filter((w) => docsByStem.get(w.word.slice(0, 7))!.size === 1 && !w.article.data.title.toLowerCase().includes(w.word.slice(0, 7)));
  unique.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
  return unique[0];
}

describe('search page', () => {
  it('finds an article by a word from its body and opens it', async () => {
    const { word, article } = distinctiveWord();
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(new URL('/search/', server.url).href);
    await page.locator('#search-q').pressSequentially(word, { delay: 20 });
    // A pause in the typing (a busy machine) searches a prefix first: wait for the search of the
    // whole word, which puts it in the URL as it clears the results, then for its results.
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    const results = page.locator('#search-results > li');
    await results.first().waitFor();
    expect(await page.locator('#search-status').innerText()).toMatch(/^\d+ articles? found\.$/);

    const hit = results.filter({ has: page.locator(`h2 a[href="/${article.id}/"]`) });
    expect(await hit.count()).toBe(1);
    expect(await hit.locator('h2').innerText()).toBe(article.data.title);
    expect(await hit.locator('.meta').innerText()).toMatch(/\d{4}/);
    // The excerpt highlights the word (Pagefind marks it with the punctuation around it).
    expect((await hit.locator('mark').allInnerTexts()).map((m) => m.toLowerCase().replace(/[^a-z]/g, ''))).toContain(word);

    await Promise.all([page.waitForURL(`**/${article.id}/`), hit.locator('h2 a').click()]);
    expect(await page.locator('h1').innerText()).toBe(article.data.title);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });

  it('narrows results by topic and by tag', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(new URL('/search/?q=energy', server.url).href);
    const results = page.locator('#search-results > li');
    await results.first().waitFor();
    const count = async () => Number((await page.locator('#search-status').innerText()).match(/^(\d+)/)?.[1] ?? 0);
    const all = await count();
    const topics = await results.locator('.meta').allInnerTexts();
    expect(new Set(topics.map((t) => t.split(' · ').at(-1))).size).toBeGreaterThan(1);

    await page.locator('#search-topic').selectOption('Climate');
    await page.waitForURL(/topic=Climate/);
    await page.locator('#search-status', { hasText: 'found' }).waitFor();
    // The count comes first, the results once their fragments are in.
    await results.first().waitFor();
    const climate = await count();
    expect(climate).toBeGreaterThan(0);
    expect(climate).toBeLessThan(all);
    for (const meta of await results.locator('.meta').allInnerTexts()) expect(meta.endsWith('Climate')).toBe(true);

    // A tag of a Climate result, chosen in the filter list (written into the page at build time:
    // the tags that recur, publish.minTagArticles).
    const options = await page.locator('#search-tag option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // Read the list once it has settled (it is redrawn as the filtered search completes).
    let first: string | undefined;
    await expect
      .poll(async () => {
        const shown = await results.locator('h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        first = shown.find((href) => content.find((a) => `/${a.id}/` === href)?.data.tags.some((t) => options.includes(t))) ?? undefined;
        return first;
      }, { message: 'a Climate result with a listed tag', timeout: 10_000 })
      .toBeDefined();
    const tag = content.find((a) => `/${a.id}/` === first!)!.data.tags.find((t) => options.includes(t))!;
    await page.locator('#search-tag').selectOption(tag);
    await page.waitForURL((url) => url.searchParams.get('tag') === tag);
    await page.locator('#search-status', { hasText: 'found' }).waitFor();
    // The status can still read the last search's count while the new results arrive.
    await results.locator(`h2 a[href="${first}"]`).waitFor();
    const hrefs = await results.locator('h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain(first);
    for (const href of hrefs) {
      const found = content.find((a) => `/${a.id}/` === href)!;
      expect(found.data.tags, href!).toContain(tag);
      expect(found.data.topic).toBe('climate');
    }
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('header search box', () => {
  it('suggests articles as you type and opens one from the keyboard', async () => {
    const { word, article } = distinctiveWord();
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(server.url);
    const input = page.locator('#q-top');
    await input.pressSequentially(word, { delay: 20 });
    // The suggestions for the whole word: a pause in the typing (a busy machine) shows a prefix's
    // first, which the word's then replace (taking the focus away from a link chosen meanwhile).
    const list = page.locator(`#q-top ~ .suggest[data-query="${word}"]`);
    const suggestion = list.locator('a', { hasText: article.data.title });
    await suggestion.waitFor();
    expect(await suggestion.locator('small').innerText()).toMatch(/\d{4}/);
    await input.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.closest('.suggest') !== null);
    const first = list.locator('a').first();
    const href = (await first.getAttribute('href'))!;
    await Promise.all([page.waitForURL(`**${href}`), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').count()).toBe(1);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });

  it('keeps the query, both filters and the button on one row at 1280 px', async () => {
    const { page, problems, context } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(new URL('/search/', server.url).href);
    const tops = await page.locator('#search-form > :is(input, select, button)').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops.length).toBe(4);
    expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });

  it('submits to the search page, which runs the query from the URL', async () => {
    const { word, article } = distinctiveWord();
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(new URL('/tags/', server.url).href);
    await page.locator('#q-top').fill(word);
    await Promise.all([page.waitForURL(/\/search\/\?q=/), page.locator('#q-top').press('Enter')]);
    await page.locator(`#search-results h2 a[href="/${article.id}/"]`).waitFor();
    expect(await page.locator('#search-q').inputValue()).toBe(word);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});
