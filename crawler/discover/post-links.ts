import { parseHTML } from 'linkedom';
import { resolveWebUrl } from '../url/index.ts';

// The links a forum post cites, and whether each sits inside a quote. A quote repeats what someone
// else wrote, so a link in it is a second-hand citation: Discourse renders quotes as
// <aside class="quote"> (with a <blockquote>), plain HTML as <blockquote>, and posts imported from
// older boards keep BBCode [quote]…[/quote] in their text.

export interface PostLink {
  url: string;
  inQuote: boolean;
}

const QUOTED = 'blockquote, aside.quote, q';
const BBCODE_QUOTE = /\[quote(?:[= ][^\]]*)?\]((?:(?!\[quote[\]= ])[\s\S])*?)\[\/quote\]/gi;

/**
 * Absolute http(s) links in a post's HTML, in order, once per (URL, quoted or not). Links back to
 * the forum itself (other topics, user pages, the quoted post's own link) are left out: they are
 * discussion, not articles.
 */
export function postLinks(html: string, postUrl: string, forumHost: string): PostLink[] {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${bbcodeQuotesToHtml(html)}</body></html>`);
  const out: PostLink[] = [];
  const seen = new Set<string>();
  for (const a of document.querySelectorAll('a[href]')) {
    const url = resolveWebUrl(a.getAttribute('href'), postUrl);
    if (!url || new URL(url).hostname === forumHost) continue;
    const inQuote = a.closest(QUOTED) !== null;
    const key = `${inQuote ? 'q' : 'p'} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ url, inQuote });
  }
  return out;
}

/** Innermost first, so nested [quote]s become nested blockquotes. */
function bbcodeQuotesToHtml(html: string): string {
  let current = html;
  for (let round = 0; round < 20; round++) {
    const next = current.replace(BBCODE_QUOTE, '<blockquote class="bbcode-quote">$1</blockquote>');
    if (next === current) return next;
    current = next;
  }
  return current;
}
