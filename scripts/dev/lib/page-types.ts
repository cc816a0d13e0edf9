import { parseHTML } from 'linkedom';

// Every kind of page a built site has, found by following the served site's own links (so it
// works on any dist/, the demo's or a real site's): what `npm run screenshots` photographs
// and what the page-type browser test checks. A kind the site does not have (no tag page
// yet, no story with two sources) is left out, never guessed.

export type PageType =
  | 'home'
  | 'topic'
  | 'archive'
  | 'article'
  | 'amp'
  | 'tag'
  | 'tags'
  | 'story'
  | 'daily'
  | 'dailies'
  | 'source'
  | 'sources'
  | 'search'
  | 'data'
  | 'about'
  | 'dmca'
  | 'not-found';

export interface PageTarget {
  type: PageType;
  url: string;
  /** The HTTP status the page answers with (404 for the not-found page). */
  status: number;
}

async function load(url: string): Promise<Document | null> {
  const res = await fetch(url);
  if (!res.ok) return null;
  return parseHTML(await res.text()).document;
}

function link(doc: Document | null, selector: string, base: string, match?: (href: string) => boolean): string | null {
  if (!doc) return null;
  for (const a of doc.querySelectorAll(selector)) {
    const href = a.getAttribute('href');
    if (href && (!match || match(href))) return new URL(href, base).href;
  }
  return null;
}

/** The first page a sitemap group lists (its URL on the configured site mapped onto `home`'s server). */
async function fromSitemap(home: string, group: string): Promise<string | null> {
  const res = await fetch(new URL('sitemap-index.xml', home));
  if (!res.ok) return null;
  const index = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((loc) => loc.includes(`/sitemaps/${group}`));
  if (!index) return null;
  const sitemap = await fetch(new URL(new URL(index).pathname, home));
  const first = sitemap.ok ? /<loc>([^<]+)<\/loc>/.exec(await sitemap.text())?.[1] : undefined;
  return first ? new URL(new URL(first).pathname, home).href : null;
}

/** A word from an article's title that its search will find (letters only, the longest). */
function searchWord(title: string): string {
  return (title.match(/\p{L}{4,}/gu) ?? ['a']).sort((a, b) => b.length - a.length)[0]!.toLowerCase();
}

/** The site's page types at `home` (its served URL, with the base path). */
export async function pageTargets(home: string): Promise<PageTarget[]> {
  const targets: PageTarget[] = [];
  const add = (type: PageType, url: string | null, status = 200) => {
    if (url) targets.push({ type, url, status });
  };
  const homeDoc = await load(home);
  if (!homeDoc) throw new Error(`${home} did not answer 200`);
  add('home', home);

  const topic = link(homeDoc, 'nav.topics a', home);
  add('topic', topic);
  const topicDoc = topic ? await load(topic) : null;
  add('archive', link(topicDoc, 'main .pager a', topic ?? home, (href) => /\/page\/\d+\/$/.test(href)));

  const article = link(topicDoc, 'main .card h2 a, main .card h3 a', topic ?? home);
  add('article', article);
  const articleDoc = article ? await load(article) : null;
  const amp = link(articleDoc, 'link[rel="amphtml"]', article ?? home);
  // rel=amphtml is absolute on the configured site URL: the same path on this server.
  add('amp', amp && new URL(new URL(amp).pathname, home).href);

  const tags = new URL('tags/', home).href;
  const tagsDoc = await load(tags);
  if (tagsDoc) {
    add('tags', tags);
    add('tag', link(tagsDoc, 'main a', tags, (href) => /\/tags\/[^/]+\/$/.test(href)));
  }
  add('story', link(homeDoc, 'main a', home, (href) => /\/stories\/\d+\/$/.test(href)) ?? (await fromSitemap(home, 'stories')));
  // The daily edition's index, and the newest edition the home page links.
  const dailies = new URL('daily/', home).href;
  if (await load(dailies)) {
    add('dailies', dailies);
    add('daily', link(homeDoc, 'main .daily-link a', home, (href) => /\/daily\/\d{4}-\d{2}-\d{2}\/$/.test(href)));
  }
  const sources = new URL('sources/', home).href;
  const sourcesDoc = await load(sources);
  if (sourcesDoc) {
    add('sources', sources);
    add('source', link(sourcesDoc, 'main a', sources, (href) => /\/sources\/[^/]+\/$/.test(href)));
  }
  const title = articleDoc?.querySelector('h1')?.textContent ?? '';
  add('search', `${new URL('search/', home).href}?q=${encodeURIComponent(searchWord(title))}`);
  add('data', new URL('data/', home).href);
  add('about', new URL('about/', home).href);
  add('dmca', new URL('dmca/', home).href);
  add('not-found', new URL('no-such-page-here/', home).href, 404);
  return targets;
}

/** Screen sizes every page type is looked at in: a desktop's first screen and a phone's. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;

/** AMP's boilerplate keeps the body hidden for 8 s when its runtime (a CDN) does not load. */
const AMP_REVEAL = 'body{animation:none!important;-webkit-animation:none!important}';

/**
 * Opens a page type as a reader sees it once it has settled: search results shown, the AMP
 * body revealed. The context needs `bypassCSP` for the AMP page (the reveal is a style tag).
 */
export async function openPageType(page: import('playwright-core').Page, target: PageTarget): Promise<void> {
  const response = await page.goto(target.url);
  if (response?.status() !== target.status) throw new Error(`${target.type} ${target.url}: HTTP ${response?.status()}, expected ${target.status}`);
  if (target.type === 'search') await page.locator('#search-results > li').first().waitFor();
  if (target.type === 'amp') await page.addStyleTag({ content: AMP_REVEAL });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
