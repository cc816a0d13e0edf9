// Deterministic article pages and feeds for crawl benchmarks and tests: plain English-like prose
// from a seeded generator, different enough per seed that dedup keeps every page.

import { escapeHtml as esc } from '../../../../site/html/html.ts';
import { createRandom, type Random } from '../../lib/random.ts';

const WORDS = (
  'time year people way day man thing woman life child world school state family student group country problem hand part place case week company ' +
  'system program question work government number night point home water room mother area money story fact month lot right study book eye job word ' +
  'business issue side kind head house service friend father power hour game line end member law car city community name president team minute idea ' +
  'kid body information back parent face others level office door health person art war history party result change morning reason research girl guy ' +
  'moment air teacher force education river bridge engine signal pattern market garden station harbor valley network kitchen forest island theory ' +
  'measure record season window letter winter summer village machine battery planet telescope orbit comet climate energy voltage current circuit ' +
  'database query index cache server client request response latency schedule budget report model sample survey experiment method figure estimate'
).split(' ');
const VERBS = 'builds changes finds keeps moves opens reads shows starts turns brings carries checks covers drives explains follows holds improves joins lifts measures names offers reaches shapes tests'.split(' ');
const LINKS = 'and but so while because although when after before since unless'.split(' ');
const ADJ = 'small large early late quiet busy simple careful quick slow bright dark local remote steady rare common useful strange'.split(' ');

function sentence(r: Random): string {
  const clause = () => `the ${r.pick(ADJ)} ${r.pick(WORDS)} ${r.pick(VERBS)} a ${r.pick(WORDS)} of ${r.pick(WORDS)}`;
  const text = r.next() < 0.5 ? `${clause()} ${r.pick(LINKS)} ${clause()}` : `${clause()} in the ${r.pick(WORDS)}`;
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

export interface Prose {
  title: string;
  paragraphs: string[];
  words: number;
}

/** About `words` words in paragraphs of four to seven sentences; the title is the text's opening words. */
export function prose(seed: number, words = 450): Prose {
  const r = createRandom(seed);
  const paragraphs: string[] = [];
  let count = 0;
  while (count < words) {
    const n = 4 + Math.floor(r.next() * 4);
    const p = Array.from({ length: n }, () => sentence(r)).join(' ');
    paragraphs.push(p);
    count += p.split(/\s+/).length;
  }
  // The opening words of the text ("The quiet harbor builds a bridge"), so the title is in the body.
  const title = paragraphs[0]!.split(/\s+/).slice(0, 6).join(' ').replace(/[^\w ]/g, '');
  return { title, paragraphs, words: count };
}

export interface PageInput {
  url: string;
  siteName: string;
  author: string;
  date: Date;
  prose: Prose;
}

export function articleHtml(page: PageInput): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>${esc(page.prose.title)} | ${esc(page.siteName)}</title>
<link rel="canonical" href="${esc(page.url)}">
<meta property="og:title" content="${esc(page.prose.title)}">
<meta property="og:site_name" content="${esc(page.siteName)}">
<meta name="author" content="${esc(page.author)}">
<meta property="article:published_time" content="${page.date.toISOString()}">
</head><body>
<header><nav><a href="/">${esc(page.siteName)}</a> <a href="/about/">About</a></nav></header>
<main><article>
<h1>${esc(page.prose.title)}</h1>
<p class="byline">By ${esc(page.author)}, <time datetime="${page.date.toISOString()}">${page.date.toDateString()}</time></p>
${page.prose.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
</article></main>
<footer><p>© ${esc(page.siteName)}</p></footer>
</body></html>
`;
}

export interface FeedEntry {
  url: string;
  title: string;
  date: Date;
}

export function rssFeed(site: { name: string; home: string }, entries: FeedEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>${esc(site.name)}</title><link>${esc(site.home)}</link><description>${esc(site.name)}</description>
${entries.map((e) => `<item><title>${esc(e.title)}</title><link>${esc(e.url)}</link><guid>${esc(e.url)}</guid><pubDate>${e.date.toUTCString()}</pubDate></item>`).join('\n')}
</channel></rss>
`;
}
