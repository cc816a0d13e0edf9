import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { COLOR_SCHEMES, VIEWPORTS, openPageType, pageTargets, type PageTarget, type PageType } from '../../scripts/dev/lib/page-types.ts';
import { startBrowser } from '../helpers/browser.ts';
import { demoBuild } from './helpers/demo-build.ts';

// Every page type of the built demo, as a reader meets it: 1280×800 and a phone, light and
// dark. axe finds no accessibility violation, nothing scrolls sideways, and every card names
// its source and a date. The home page is a front page: a screenful of headlines.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Every page type: the demo has them all (its sample web tells stories on several sites). */
const REQUIRED: PageType[] = ['home', 'topic', 'archive', 'article', 'amp', 'tag', 'tags', 'story', 'daily', 'dailies', 'source', 'sources', 'search', 'data', 'about', 'dmca', 'not-found'];

/** Page types that list articles as cards. */
const LISTS: PageType[] = ['home', 'topic', 'archive', 'tag', 'story', 'daily', 'source', 'search'];

let server: StaticServer;
let browser: Browser;
let targets: PageTarget[];

beforeAll(async () => {
  const site = await demoBuild();
  server = await serveStatic(site.dist, { port: 0 });
  browser = await startBrowser();
  targets = await pageTargets(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // AMP's components (amp-img) are custom elements axe cannot see into: it checks what they render.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

it('finds every page type on the demo', () => {
  expect(targets.map((t) => t.type)).toEqual(expect.arrayContaining(REQUIRED));
});

describe.each(VIEWPORTS.flatMap((viewport) => COLOR_SCHEMES.map((scheme) => ({ viewport, scheme }))))('$viewport.name, $scheme', ({ viewport, scheme }) => {
  it('every page type: no axe violation, no sideways scroll, every card with a source and a date', async () => {
    const context = await browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
    const failures: string[] = [];
    for (const target of targets) {
      const page = await context.newPage();
      await openPageType(page, target);
      for (const v of await axeViolations(page)) failures.push(`${target.type}: ${v}`);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      if (scrollWidth > clientWidth) failures.push(`${target.type}: scrolls sideways (${scrollWidth} > ${clientWidth} px)`);
      const cards = await page.locator('main .card').evaluateAll((list) =>
        list.map((card) => ({
          title: card.querySelector('h2, h3')?.textContent?.trim() ?? '',
          source: card.querySelector('.source')?.textContent?.trim() ?? '',
          date: card.querySelector('time[datetime]')?.textContent?.trim() ?? '',
        })),
      );
      if (LISTS.includes(target.type) && cards.length === 0) failures.push(`${target.type}: no cards`);
      for (const card of cards) if (!card.source || !card.date) failures.push(`${target.type}: card "${card.title}" without a source or date`);
      await page.close();
    }
    await context.close();
    expect(failures).toEqual([]);
    // Every page type through axe: minutes on a loaded machine, and nothing here is about speed.
  }, 300_000);
});

it('a story page lists the story as told by two or more sources', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openPageType(page, targets.find((t) => t.type === 'story')!);
  const sources = await page.locator('main .card .source').allInnerTexts();
  expect(new Set(sources.map((s) => s.trim())).size).toBeGreaterThanOrEqual(2);
  await context.close();
});

describe('the home page', () => {
  /** Story headlines (a card's own, not the other tellings under it) whose headline and source line are fully in the first `screens` screens. */
  async function headlinesInView(type: string, viewport: { width: number; height: number }, screens = 1): Promise<number> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openPageType(page, targets.find((t) => t.type === type)!);
    const count = await page.locator('main .card').evaluateAll(
      (cards, bottom) =>
        cards.filter((card) => {
          const headline = card.querySelector(':scope > h2 a, :scope > h3 a')!.getBoundingClientRect();
          const meta = card.querySelector(':scope > .meta')!.getBoundingClientRect();
          return headline.height > 0 && headline.top >= 0 && meta.bottom <= bottom;
        }).length,
      viewport.height * screens,
    );
    await context.close();
    return count;
  }

  it('shows at least 12 headlines, each with its source, date and time, on the first 1280×800 screen; the topics follow', async () => {
    expect(await headlinesInView('home', { width: 1280, height: 800 })).toBeGreaterThanOrEqual(12);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openPageType(page, targets.find((t) => t.type === 'home')!);
    expect(await page.locator('main .front-topic h2').allInnerTexts()).toEqual(['Space', 'Climate', 'Software']);
    await context.close();
  });

  it('a topic front shows at least 8 headlines on the first 1280×800 screen, and 5 in the first two screens of a phone', async () => {
    expect(await headlinesInView('topic', { width: 1280, height: 800 })).toBeGreaterThanOrEqual(8);
    expect(await headlinesInView('topic', { width: 390, height: 844 }, 2)).toBeGreaterThanOrEqual(5);
  });

  it('keeps a phone page short: five stories a topic', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openPageType(page, targets.find((t) => t.type === 'home')!);
    const visible = await page.locator('main .front-topic').evaluateAll((sections) =>
      sections.map((s) => [...s.querySelectorAll('.card')].filter((c) => (c as HTMLElement).offsetHeight > 0).length),
    );
    expect(visible).toEqual([5, 5, 5]);
    await context.close();
  });
});

it('the sources list keeps each icon beside its name on a phone', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openPageType(page, targets.find((t) => t.type === 'sources')!);
  // The icon's middle lies within the first line of the name's text.
  const apart = await page.locator('.sources .source').evaluateAll((links) =>
    links
      .filter((link) => {
        const icon = link.querySelector('img')!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(link.lastChild!);
        const firstLine = range.getClientRects()[0]!;
        const middle = (icon.top + icon.bottom) / 2;
        return middle < firstLine.top || middle > firstLine.bottom;
      })
      .map((link) => link.textContent),
  );
  expect(apart).toEqual([]);
  await context.close();
});
