import { parseHTML } from 'linkedom';
import type { AuditTarget } from './lighthouse.ts';

// The pages the audit covers, found by following the served site's own links (so it works
// on any dist/): home, the first topic in the header, that topic's newest article, and the
// article's AMP page (rel=amphtml, mapped onto the server being audited).

/** The AMP runtime's CDN, which an offline machine cannot reach. */
export const AMP_CDN_PATTERN = 'https://cdn.ampproject.org/*';
/** AMP's boilerplate hides the body for 8 s when the runtime does not load. */
export const AMP_REVEAL_MS = 8_500;

async function page(url: string): Promise<Document> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return parseHTML(await res.text()).document;
}

function linkFrom(doc: Document, selector: string, base: string, what: string): string {
  const href = doc.querySelector(selector)?.getAttribute('href');
  if (!href) throw new Error(`no ${what} (${selector}) on ${base}`);
  return new URL(href, base).href;
}

/** Finds the four audited pages on a served site (`home` is the site's URL, with its base path). */
export async function auditTargets(home: string): Promise<AuditTarget[]> {
  const topic = linkFrom(await page(home), 'nav.topics a', home, 'topic link');
  const article = linkFrom(await page(topic), 'main .cards a', topic, 'article link');
  const ampHref = linkFrom(await page(article), 'link[rel="amphtml"]', article, 'rel=amphtml');
  // rel=amphtml is absolute on the configured site URL; the same path on this server.
  const amp = new URL(new URL(ampHref).pathname, home).href;
  return [
    { name: 'home', url: home },
    { name: 'topic', url: topic },
    { name: 'article', url: article },
    { name: 'amp', url: amp, blockedUrlPatterns: [AMP_CDN_PATTERN], pauseAfterLoadMs: AMP_REVEAL_MS },
  ];
}
