import { escapeHtml as esc } from '../../../site/html/html.ts';
import { prose } from '../bench/lib/crawl-pages.ts';

// Article pages for the hostile web: real prose (so a page that is otherwise fine is published)
// with room for whatever the attack needs in the head, the title and the body.

export { esc };

export interface ArticleParts {
  /** Seeds the prose: every published page needs its own, or dedup drops it. */
  seed: number;
  /** Title text (escaped into <title>, og:title and <h1>); defaults to the prose's opening words. */
  title?: string;
  /** Raw markup for <title>…</title> instead of the escaped title (attacks on the title itself). */
  titleHtml?: string;
  /** Raw markup for the <h1>. */
  h1Html?: string;
  /** Raw markup appended to <head>. */
  head?: string;
  /** Raw markup before and after the prose, inside <article>. */
  before?: string;
  after?: string;
  /** Raw markup between the paragraphs (one string per gap, used in order). */
  between?: string[];
  words?: number;
  date?: string;
  author?: string;
  siteName?: string;
  lang?: string;
}

/** The opening words of the prose for `seed`: a title that the body is sure to contain. */
export function proseTitle(seed: number, words = 450): string {
  return prose(seed, words).title;
}

export function articleHtml(parts: ArticleParts): string {
  const p = prose(parts.seed, parts.words ?? 450);
  const title = parts.title ?? p.title;
  const date = parts.date ?? '2026-03-01T09:00:00Z';
  const between = [...(parts.between ?? [])];
  const paragraphs = p.paragraphs.map((text, i) => `<p>${esc(text)}</p>${i < p.paragraphs.length - 1 && between.length ? `\n${between.shift()}` : ''}`);
  return `<!DOCTYPE html>
<html lang="${parts.lang ?? 'en'}"><head><meta charset="utf-8">
<title>${parts.titleHtml ?? esc(title)}</title>
<meta property="og:title" content="${esc(title)}">
<meta property="og:site_name" content="${esc(parts.siteName ?? 'Hostile Web')}">
<meta name="author" content="${esc(parts.author ?? 'Mallory Example')}">
<meta property="article:published_time" content="${date}">
${parts.head ?? ''}
</head><body>
<header><nav><a href="/">Home</a> <a href="/about/">About</a></nav></header>
<main><article>
<h1>${parts.h1Html ?? esc(title)}</h1>
<p class="byline">By ${esc(parts.author ?? 'Mallory Example')}, <time datetime="${date}">${date.slice(0, 10)}</time></p>
${parts.before ?? ''}
${paragraphs.join('\n')}
${parts.after ?? ''}
</article></main>
<footer><p>© Hostile Web</p></footer>
</body></html>
`;
}
