// The traps a crawler must handle, placed on the sites, each with its expected fate.
import { addHours, hashNumber } from './html.ts';
import { tinyPdf } from './pdf.ts';
import { etagOf, type Resource } from './resource.ts';
import { SITES, WWW_ORBITAL_HOST, siteUrl } from './sites.ts';
import { DRAFT, LOGIN_WALL, MISSING_STORY, REPORT_PDF, SHORT_NOTE } from './trap-text.ts';
import type { ArticleMeta, ArticlePage, DemoArticle, LeadImage, ManifestEntry, SiteId, TopicId } from './types.ts';

/** An entry in a site's feeds, with the page served for it (if any). */
export interface SiteItem extends ArticleMeta {
  image?: string;
  /** The link every feed gives. */
  link: string;
  /** The link the RSS feed gives instead (tracking parameters). */
  rssLink?: string;
  page?: ArticlePage;
  /** Listed in the site's sitemap and home page. */
  listed: boolean;
  article?: DemoArticle;
}

export type PendingEntry = Omit<ManifestEntry, 'foundIn'>;

export interface TrapPlan {
  /** Extra feed items per site. */
  items: Partial<Record<SiteId, SiteItem[]>>;
  entries: PendingEntry[];
  routes: Array<{ host: string; path: string; resource: Resource }>;
  /** article URL → RSS-only link. */
  rssLinks: Map<string, string>;
  /** article URL → link used by all its site's feeds. */
  feedLinks: Map<string, string>;
  /** The www.orbitalnotes.test variant, cited on the forum. */
  www: { url: string; title: string } | null;
}

function trapImage(site: SiteId, slug: string, caption: string, topic: TopicId, date: Date): LeadImage {
  const info = SITES[site];
  const path = info.imagePath({ slug, date, topic });
  return { path, url: siteUrl(site, path), format: info.imageFormat, alt: caption, width: 1200, height: 630, caption, seed: `${site}/${slug}` };
}

function page(site: SiteId, topic: TopicId, slug: string, date: Date, text: Pick<ArticlePage, 'title' | 'author' | 'summary' | 'tags' | 'bodyHtml'>, extra: Partial<ArticlePage> = {}): ArticlePage {
  const path = SITES[site].articlePath({ slug, date, topic });
  return {
    topic,
    title: text.title,
    author: text.author,
    date,
    summary: text.summary,
    tags: text.tags,
    bodyHtml: text.bodyHtml,
    url: siteUrl(site, path),
    path,
    image: trapImage(site, slug, text.title, topic, date),
    related: [],
    ...extra,
  };
}

function itemFor(p: ArticlePage, listed: boolean): SiteItem {
  return { topic: p.topic, title: p.title, author: p.author, date: p.date, summary: p.summary, tags: p.tags, image: p.image?.url, link: p.url, page: p, listed };
}

const html = 'text/html';

/**
 * Places the nine traps. `bySite` holds each site's articles oldest first; `fallback` dates traps
 * on sites without articles. Traps whose host article is missing are left out.
 */
export function planTraps(bySite: Record<SiteId, DemoArticle[]>, fallback: Date): TrapPlan {
  const plan: TrapPlan = { items: {}, entries: [], routes: [], rssLinks: new Map(), feedLinks: new Map(), www: null };
  const add = (site: SiteId, item: SiteItem): void => {
    (plan.items[site] ??= []).push(item);
  };
  const newest = (site: SiteId): Date => bySite[site].at(-1)?.date ?? fallback;
  const orbital = bySite.orbitalnotes;

  // 1a. Tracking parameters: the RSS feed links one article with utm_*, the Atom feed without.
  const tracked = orbital[2 % Math.max(1, orbital.length)];
  if (tracked) {
    const url = `${tracked.url}?utm_source=rss&utm_medium=feed`;
    plan.rssLinks.set(tracked.url, url);
    plan.entries.push({ url, kind: 'trap', trap: 'tracking-params', topic: 'space', expect: 'duplicate', reason: 'duplicate_url', duplicateOf: tracked.url, status: 200, contentType: html, note: 'The same article with utm_source/utm_medium added (orbitalnotes RSS); the Atom feed links it without. Normalizing the URL makes it the same URL.' });
  }

  // 1b. The www host serves identical pages; the forum cites one article there.
  const mirrored = orbital[1 % Math.max(1, orbital.length)];
  if (mirrored) {
    const url = `http://${WWW_ORBITAL_HOST}${mirrored.path}`;
    plan.www = { url, title: mirrored.title };
    plan.entries.push({ url, kind: 'trap', trap: 'www-host', topic: 'space', expect: 'duplicate', reason: 'duplicate_url', duplicateOf: mirrored.url, status: 200, contentType: html, note: 'The same page on www.orbitalnotes.test (cited on the forum); its rel=canonical names the orbitalnotes.test URL.' });
  }

  // 2. Syndication: an Orbital Notes article republished in full on The Daily Parallax.
  const original = orbital[0];
  if (original) {
    const date = addHours(original.date, 36);
    const title = `Explained: ${original.title} (via Orbital Notes)`;
    const slug = `${original.slug}-orbital-notes`;
    const body = `<p><em>This article first appeared on <a href="${original.url}">Orbital Notes</a>.</em></p>\n${original.bodyHtml}\n<p><em>Republished with permission. © Orbital Notes.</em></p>`;
    const copy = page('dailyparallax', 'space', slug, date, { title, author: original.author, summary: original.summary, tags: original.tags, bodyHtml: body });
    add('dailyparallax', itemFor(copy, true));
    plan.entries.push({ url: copy.url, kind: 'trap', trap: 'syndicated', topic: 'space', expect: 'duplicate', reason: 'near_duplicate', duplicateOf: original.url, status: 200, contentType: html, note: 'Full text of an older Orbital Notes article under another URL and title, with Daily Parallax boilerplate and a "first appeared on" line: a near-duplicate, not byte-identical.' });
  }

  // 3. Too short: a feed item whose page has well under 120 words of text.
  {
    const date = addHours(newest('greenledger'), -10);
    const p = page('greenledger', 'climate', SHORT_NOTE.slug, date, SHORT_NOTE);
    p.image = null;
    add('greenledger', itemFor(p, true));
    plan.entries.push({ url: p.url, kind: 'trap', trap: 'too-short', topic: 'climate', expect: 'rejected', reason: 'too_short', status: 200, contentType: html, note: 'A news briefing of about 80 words, listed in the Green Ledger feeds.' });
  }

  // 4. Login wall: a teaser and "Subscribe to continue reading".
  {
    const date = addHours(newest('dailyparallax'), -20);
    const p = page('dailyparallax', 'climate', LOGIN_WALL.slug, date, LOGIN_WALL, { paywalled: true });
    add('dailyparallax', itemFor(p, true));
    plan.entries.push({ url: p.url, kind: 'trap', trap: 'login-wall', topic: 'climate', expect: 'rejected', reason: 'too_short', status: 200, contentType: html, note: 'A two-paragraph teaser behind "Subscribe to continue reading / Sign in to read the full story" (Daily Parallax climate section).' });
  }

  // 5. Not found: a feed item whose page does not exist.
  {
    const date = addHours(newest('greenledger'), -30);
    const path = SITES.greenledger.articlePath({ slug: MISSING_STORY.slug, date, topic: 'climate' });
    const url = siteUrl('greenledger', path);
    add('greenledger', { topic: 'climate', ...MISSING_STORY, date, link: url, listed: false });
    plan.entries.push({ url, kind: 'trap', trap: 'not-found', topic: 'climate', expect: 'failed', reason: 'E_FETCH_HTTP', status: 404, contentType: html, note: 'Listed in the Green Ledger feeds but answers 404 (a retracted story).' });
  }

  // 6. Redirect: a bytesmith feed links one article through /go/<slug>, which answers 301.
  const redirected = bySite.bytesmith[0];
  if (redirected) {
    const path = `/go/${redirected.slug}`;
    const url = siteUrl('bytesmith', path);
    plan.feedLinks.set(redirected.url, url);
    plan.routes.push({ host: SITES.bytesmith.host, path, resource: { status: 301, location: redirected.url, body: Buffer.from(`Moved to ${redirected.url}\n`), type: 'text/plain; charset=utf-8' } });
    plan.entries.push({ url, kind: 'trap', trap: 'redirect', topic: 'software', expect: 'published', finalUrl: redirected.url, status: 301, note: 'The bytesmith feeds link this article only through /go/<slug>, which answers 301 to the real URL; the article is published under its final URL.' });
  }

  // 7. Robots: a bytesmith feed item under /drafts/, disallowed by robots.txt (the page itself is a full article).
  {
    const date = addHours(newest('bytesmith'), -6);
    const slug = DRAFT.slug;
    const path = `/drafts/${slug}/`;
    const url = siteUrl('bytesmith', path);
    const p: ArticlePage = { ...page('bytesmith', 'software', slug, date, DRAFT, { banner: 'Draft: not for publication. Please do not share this link.' }), path, url };
    add('bytesmith', { ...itemFor(p, false) });
    plan.entries.push({ url, kind: 'trap', trap: 'robots', topic: 'software', expect: 'rejected', reason: 'robots', status: 200, contentType: html, note: 'A full draft article under /drafts/, which bytesmith.test/robots.txt disallows; a polite crawler never requests it.' });
  }

  // 8. Not HTML: a Green Ledger feed item pointing to a PDF.
  {
    const date = addHours(newest('greenledger'), -50);
    const path = `/reports/${REPORT_PDF.slug}.pdf`;
    const url = siteUrl('greenledger', path);
    const body = tinyPdf(REPORT_PDF.title, REPORT_PDF.lines);
    plan.routes.push({ host: SITES.greenledger.host, path, resource: { status: 200, type: 'application/pdf', body, etag: etagOf(body), lastModified: date } });
    add('greenledger', { topic: 'climate', title: REPORT_PDF.title, author: REPORT_PDF.author, date, summary: REPORT_PDF.summary, tags: REPORT_PDF.tags, link: url, listed: false });
    plan.entries.push({ url, kind: 'trap', trap: 'not-html', topic: 'climate', expect: 'rejected', reason: 'not_html', status: 200, contentType: 'application/pdf', note: 'A Green Ledger feed item whose link is a small PDF served as application/pdf.' });
  }

  return plan;
}

/** A WordPress-like numeric post id, stable per slug. */
export function postId(slug: string): number {
  return 1000 + (hashNumber(slug) % 9000);
}

