import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { startBrowser } from '../helpers/browser.ts';
import { demoBuild, type DemoBuild } from './helpers/demo-build.ts';
import { ARTICLE_PAGE_TELLINGS } from '../../site/model/story-list.ts';

// News, not articles, as a reader meets it in Chromium on the demo: a story is one card on every
// list that shows two of its tellings, that card carries the other outlets' own headlines, and
// every telling's page names its story and links it.

let site: DemoBuild;
let server: StaticServer;
let browser: Browser;
let page: Page;
/** Each story page's path and the paths of its tellings. */
let stories: Array<{ path: string; members: string[] }>;

async function open(path: string): Promise<void> {
  await page.goto(new URL(path, server.url).href);
}

/** The article paths a list page shows as cards (a card's own headline, not the tellings under it). */
async function cardPaths(): Promise<string[]> {
  return page.locator('main .card > h2 a, main .card > h3 a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

beforeAll(async () => {
  site = await demoBuild();
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
  page = await (await browser.newContext()).newPage();
  stories = [];
  for (const id of readdirSync(join(site.dist, 'stories'), { withFileTypes: true }).filter((e) => e.isDirectory() && /^\d+$/.test(e.name)).map((e) => e.name)) {
    await open(`/stories/${id}/`);
    stories.push({ path: `/stories/${id}/`, members: await cardPaths() });
  }
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('stories on every surface', () => {
  it('the demo has stories told by several outlets', () => {
    expect(stories.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...stories.map((s) => s.members.length))).toBeGreaterThanOrEqual(4);
  });

  it('a story is one card on the home page and on every topic front, with the other outlets\' headlines under it', async () => {
    const lists = ['/', ...site.config.topics.map((t) => `/${t.slug}/`)];
    let grouped = 0;
    for (const path of lists) {
      await open(path);
      const cards = await cardPaths();
      for (const story of stories) {
        const shown = story.members.filter((m) => cards.includes(m));
        expect(shown.length, `${path}: ${story.path} shown as ${shown.join(', ')}`).toBeLessThanOrEqual(1);
        if (shown.length === 1) {
          // The card names its story: the other tellings and the story's page, or (in a headline list) the story's page.
          const card = page.locator('main .card', { has: page.locator(`:scope > h2 a[href="${shown[0]}"], :scope > h3 a[href="${shown[0]}"]`) });
          expect(await card.locator(`a[href="${story.path}"]`).count(), `${path}: ${shown[0]}`).toBe(1);
          grouped++;
        }
      }
    }
    expect(grouped).toBeGreaterThan(0);
  });

  it('the top story card lists other outlets\' own headlines with their source and time', async () => {
    await open('/');
    const tellings = page.locator('main .news-top .card.feature .tellings li');
    expect(await tellings.count()).toBeGreaterThan(0);
    // The story grew after its first report: the card says when it was last told.
    expect(await page.locator('main .news-top .card.feature .tellings > p.meta').innerText()).toMatch(/updated (\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}|.*ago)/);
    for (const item of await tellings.all()) {
      expect(await item.locator('.source').innerText()).not.toBe('');
      expect(await item.locator('a:not(.source)').innerText()).not.toBe('');
      expect(await item.locator('time[datetime]').count()).toBe(1);
    }
  });

  it('a topic front leads with its best-ranked story: on the demo\'s Space, the one four outlets told, not the newest piece', async () => {
    await open('/space/');
    const lead = page.locator('main .news-top .main-stories .card.feature');
    expect(await lead.locator('.tellings > p.meta').innerText()).toContain('Full story: 4 sources');
    const newest = await page.locator('main .news-top .headlines .card > h2 a').first().getAttribute('href');
    expect(await lead.locator(':scope > h2 a').getAttribute('href')).not.toBe(newest);
  });

  it('search shows a story\'s tellings as one card', async () => {
    await open('/search/?q=Plumewatch');
    // Settled: every result found is on the page, as a card or as a telling under one.
    await page.waitForFunction(() => {
      const found = Number(/^(\d+) articles? found/.exec(document.querySelector('#search-status')?.textContent ?? '')?.[1] ?? -1);
      return found > 0 && document.querySelectorAll('#search-results > li.card').length + document.querySelectorAll('#search-results .tellings li').length === found;
    });
    const plume = stories.find((s) => s.members.some((m) => m.includes('plumewatch')))!;
    const cards = await cardPaths();
    expect(plume.members.filter((m) => cards.includes(m))).toHaveLength(1);
    const tellings = await page.locator('#search-results .card .tellings li a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(tellings.length).toBeGreaterThan(0);
    for (const t of tellings) expect(plume.members).toContain(t);
  });

  it('every telling\'s page links its story and lists its other first tellings', async () => {
    for (const story of stories) {
      for (const member of story.members) {
        await open(member);
        const note = page.locator('main .story-note');
        expect(await note.innerText(), member).toContain('First reports of this story');
        expect(await note.locator(`a[href="${story.path}"]`).count(), member).toBe(1);
        const listed = await note.locator('.tellings li a:not(.source)').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        expect(listed.length, member).toBe(Math.min(story.members.length - 1, ARTICLE_PAGE_TELLINGS));
        for (const path of listed) expect(story.members.filter((m) => m !== member), member).toContain(path);
      }
    }
  });
});
