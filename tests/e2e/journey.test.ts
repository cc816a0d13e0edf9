import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { describeProblems, isExpected404, startBrowser, watchedPage } from '../helpers/browser.ts';
import { demoBuild } from './helpers/demo-build.ts';

// A reader's journey through the built demo site in Chromium: following links from the
// home page down to a tag, the theme switch, a phone-sized screen, and no JavaScript at all.

const PHONE = { width: 375, height: 740 };

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  const site = await demoBuild();
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function follow(page: Page, selector: string): Promise<{ text: string; path: string }> {
  const link = page.locator(selector).first();
  const text = (await link.innerText()).trim();
  const href = (await link.getAttribute('href'))!;
  await Promise.all([page.waitForURL((url) => url.pathname === new URL(href, page.url()).pathname), link.click()]);
  return { text, path: new URL(page.url()).pathname };
}

const h1 = (page: Page) => page.locator('h1').innerText();

describe('navigation', () => {
  it('goes home → topic → page 2 → article → tag by following the links a reader sees', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(server.url);
    expect(await h1(page)).toBe('Top stories');

    const topic = await follow(page, 'nav.topics a');
    expect(topic.path).toBe('/space/');
    expect(await h1(page)).toBe(topic.text);
    expect(await page.locator('nav.topics a[aria-current="page"]').innerText()).toBe(topic.text);

    // The front lists whole archive pages; "older" leads to the page just before them.
    const archive = await follow(page, 'main .pager a:has-text("Older")');
    const n = /^\/space\/page\/(\d+)\/$/.exec(archive.path)?.[1];
    expect(n, archive.path).toBeDefined();
    expect(archive.text).toContain(`page ${n} of`);
    expect(await h1(page)).toBe(`Space: page ${n}`);
    expect(await page.locator('nav[aria-label="Breadcrumb"] li').allInnerTexts()).toEqual(['Home', 'Space', `Page ${n}`]);

    // The newest article of that page that shows a tag (a tag shows once it recurs).
    const cards = await page.locator('main .cards h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    let article: { text: string; path: string } | null = null;
    for (const href of cards) {
      await page.goto(new URL(href, server.url).href);
      if ((await page.locator('article footer ul.tags a').count()) > 0) {
        article = { text: await h1(page), path: href };
        break;
      }
    }
    expect(article, 'an article with a tag on the archive page').not.toBeNull();
    expect(article!.path).toMatch(/^\/space\/[a-z0-9-]+\/$/);
    expect(await page.locator('nav[aria-label="Breadcrumb"] li').allInnerTexts()).toEqual(['Home', 'Space', article!.text]);
    expect((await page.locator('article .body').innerText()).length).toBeGreaterThan(500);

    const tag = await follow(page, 'article footer ul.tags a');
    expect(tag.path).toMatch(/^\/tags\/[a-z0-9-]+\/$/);
    expect(await h1(page)).toBe(`Tagged “${tag.text}”`);
    expect(await page.locator(`main .cards a[href="${article!.path}"]`).count()).toBe(1);

    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });

  it('switches the theme and keeps the choice across a reload', async () => {
    const { page, problems, context } = await watchedPage(browser, { colorScheme: 'light' });
    await page.goto(server.url);
    const theme = () => page.evaluate(() => ({ chosen: document.documentElement.dataset.theme ?? null, background: getComputedStyle(document.body).backgroundColor }));
    const toggle = page.locator('header .theme-toggle');
    expect(await theme()).toEqual({ chosen: null, background: 'rgb(255, 255, 255)' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await toggle.click();
    expect(await theme()).toEqual({ chosen: 'dark', background: 'rgb(18, 18, 18)' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await theme()).toEqual({ chosen: 'dark', background: 'rgb(18, 18, 18)' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    await page.reload();
    expect(await theme()).toEqual({ chosen: 'light', background: 'rgb(255, 255, 255)' });
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('cards', () => {
  it('name their source and date on home, topic, tag and search pages', async () => {
    const { page, problems, context } = await watchedPage(browser);
    await page.goto(server.url);
    const tag = '/tags/';
    await page.goto(new URL(tag, server.url).href);
    const tagPage = (await page.locator('main a[href^="/tags/"]').first().getAttribute('href'))!;
    for (const path of ['/', '/space/', '/space/page/1/', tagPage]) {
      await page.goto(new URL(path, server.url).href);
      const cards = await page.locator('main .card > .meta').evaluateAll((metas) => metas.map((m) => ({ source: m.querySelector('.source')?.textContent?.trim() ?? '', date: m.querySelector('time')?.textContent?.trim() ?? '', datetime: m.querySelector('time')?.getAttribute('datetime') ?? '' })));
      expect(cards.length, path).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card.source, path).not.toBe('');
        // The date and the time, in the site's time zone (or "3 hr. ago" for a recent one, by script).
        expect(card.date, path).toMatch(/\d{4}, \d{1,2}:\d{2}|ago/);
        expect(card.datetime, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      }
    }
    await page.goto(new URL('/search/?q=telescope', server.url).href);
    const first = page.locator('#search-results li .meta, main ol li .meta').first();
    await first.waitFor();
    // "source · date · topic": the demo's sites are *.test hosts or declare a site name.
    expect(await first.innerText()).toMatch(/^[^·]+ · (Found )?\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · \w+/);
    // The same card as the lists: every result is a .card, with the lead image's thumbnail when there is one.
    const results = page.locator('#search-results > li');
    expect(await results.count()).toBeGreaterThan(0);
    expect(await page.locator('#search-results > li:not(.card)').count()).toBe(0);
    expect(await page.locator('#search-results > li.card img.thumb[src^="/media/"]').count()).toBeGreaterThan(0);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('on a phone', () => {
  it('has no horizontal scroll at 375 px wide on any page type', async () => {
    const { page, problems, context } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(server.url);
    const article = (await page.locator('main .card h3 a').first().getAttribute('href'))!;
    await page.goto(new URL(article, server.url).href);
    await page.goto(new URL('/tags/', server.url).href);
    const tag = (await page.locator('main ul.tags a').first().getAttribute('href'))!;
    const paths = ['/', '/space/', '/space/page/2/', article, `/amp${article}`, tag, '/tags/', '/search/?q=telescope', '/data/', '/about/', '/no-such-page/'];
    for (const path of paths) {
      await page.goto(new URL(path, server.url).href);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
      expect(widths.client, path).toBe(PHONE.width);
    }
    // The missing page answers 404 on purpose; nothing else may fail.
    expect(describeProblems(problems.filter((p) => !isExpected404(p, '/no-such-page/')))).toEqual([]);
    await context.close();
  });

  it('hides the topic bar behind a menu that opens and leads to a topic', async () => {
    const { page, problems, context } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(server.url);
    expect(await page.locator('nav.topics').isVisible()).toBe(false);
    const panel = page.locator('header details.menu .menu-panel');
    expect(await panel.isVisible()).toBe(false);
    await page.locator('header details.menu summary').click();
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('input[type="search"]').isVisible()).toBe(true);
    const climate = panel.locator('a', { hasText: 'Climate' });
    await Promise.all([page.waitForURL('**/climate/'), climate.click()]);
    expect(await h1(page)).toBe('Climate');
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('shows the article and every link and the menu still work', async () => {
    const { page, problems, context } = await watchedPage(browser, { javaScriptEnabled: false, viewport: PHONE });
    await page.goto(server.url);
    expect(await page.locator('header .theme-toggle').isVisible()).toBe(false);
    await page.locator('header details.menu summary').click();
    const topic = await follow(page, 'header details.menu .menu-panel a');
    expect(topic.path).toBe('/space/');
    const article = await follow(page, 'main .cards h2 a');
    expect(await h1(page)).toBe(article.text);
    const body = page.locator('article .body');
    expect(await body.isVisible()).toBe(true);
    expect((await body.innerText()).length).toBeGreaterThan(500);
    expect(await page.locator('figure.lead img').isVisible()).toBe(true);
    const back = await follow(page, 'nav[aria-label="Breadcrumb"] a:has-text("Space")');
    expect(back.path).toBe('/space/');
    // The search page says it needs JavaScript, and points to browsing instead.
    await page.goto(new URL('/search/', server.url).href);
    expect(await page.locator('.needs-js-note').isVisible()).toBe(true);
    expect(describeProblems(problems)).toEqual([]);
    await context.close();
  });
});
