import { collapse, textOf } from '../dom.ts';
import { classMatches, hasToken, tokenPattern, type DocIndex } from '../dom-index.ts';

const PREFIX = /^(?:(?:written|posted|published|reported|photos?|story|text|words|edited|compiled)(?:\s+and\s+\w+)?\s+by|by|from|author|authors|auteur|von|por|di|par)\s*[:\-–—]?\s+/i;
// "Jane Doe on July 4, 2012", "Jane Doe | Staff writer", "Jane Doe, Reuters • 3 min read".
const TAIL = /\s+(?:on|at|in|posted|updated|published)\s+.*$|\s*[|•·—–]\s+.*$|\s+\d{1,2}[/.]\d{1,2}[/.]\d{2,4}.*$/i;
const SPLIT = /\s*(?:;|\||&|\band\b|\bund\b|\bet\b|\by\b|,)\s*/i;

export function cleanAuthorName(raw: string): string | null {
  let name = collapse(raw).replace(PREFIX, '').replace(TAIL, '').replace(/^[\s,:;|–—-]+|[\s,:;|–—-]+$/g, '');
  name = name.replace(/\s*\(?[\w.+-]+@[\w-]+\.[\w.]+\)?/g, '').trim();
  if (name.length < 2 || name.length > 80) return null;
  if (/https?:|www\.|\.(?:com|org|net)\b/i.test(name)) return null;
  if (!/\p{L}/u.test(name)) return null;
  if (name.split(' ').length > 6) return null;
  return name;
}

/** One display string may hold several people: "Jane Doe and John Roe", "A, B & C". */
export function splitAuthors(raw: string): string[] {
  const cleaned = collapse(raw).replace(PREFIX, '').replace(TAIL, '');
  const parts = cleaned.split(SPLIT).map((part) => cleanAuthorName(part)).filter((p): p is string => p !== null);
  // "Doe, Jane" is one person written surname first: keep the whole when splitting leaves one-word pieces.
  if (parts.length > 1 && parts.every((p) => !p.includes(' ')) && /,/.test(cleaned) && !/\band\b|&/i.test(cleaned)) {
    const whole = cleanAuthorName(cleaned);
    return whole ? [whole] : [];
  }
  return parts;
}

export function uniqueAuthors(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}

const BYLINE_CLASSES = tokenPattern(['byline', 'byline-name', 'byline-author']);
const AUTHOR_CLASSES = tokenPattern(['author-name', 'author_name', 'authorname', 'post-author', 'entry-author', 'article-author', 'by-author', 'author', 'fn']);

/** Bylines readers see: schema.org microdata, rel=author links, .byline and .author blocks. */
export function visibleAuthors(index: DocIndex): string[] {
  const sources: Array<() => Element[]> = [
    () => index.itemprops.filter((el) => hasToken(el, 'itemprop', 'author')).map((el) => nameInside(el)),
    () => index.rels.filter((el) => el.localName !== 'link' && hasToken(el, 'rel', 'author')),
    () => index.named.filter((el) => classMatches(el, BYLINE_CLASSES)),
    () => index.named.filter((el) => classMatches(el, AUTHOR_CLASSES)),
  ];
  for (const source of sources) {
    const found: string[] = [];
    for (const el of source().slice(0, 10)) {
      const text = el.getAttribute('content') ?? textOf(el);
      if (!text || text.length > 120) continue;
      found.push(...splitAuthors(text));
      if (found.length >= 5) break;
    }
    if (found.length > 0) return uniqueAuthors(found);
  }
  return [];
}

// Elements whose names suggest a post's "info line" ("postinfo", "entry-meta", "post-details").
const INFO_LINE = /info|meta|byline|author|posted|date|time|details|credit|header/i;
const BY = /^(?:(?:posted|written|published|filed|reported)\s+)?by\s+\S/i;

/**
 * Short lines such as "Posted by Tom Ellery on January 14, 2013" in elements named like an info
 * line: the last resort for authors (and, by the caller, for the date).
 */
export function infoLines(index: DocIndex): string[] {
  const lines: string[] = [];
  let examined = 0;
  for (const el of index.named) {
    if (lines.length >= 10 || examined >= 40) break;
    const names = `${el.getAttributeNode('class')?.value ?? ''} ${el.getAttributeNode('id')?.value ?? ''}`;
    if (!INFO_LINE.test(names)) continue;
    examined++;
    const text = textOf(el);
    if (text && text.length <= 150) lines.push(text);
  }
  return lines;
}

export function authorsFromInfoLines(lines: string[]): string[] {
  for (const line of lines) {
    if (!BY.test(line)) continue;
    const found = splitAuthors(line);
    if (found.length > 0) return uniqueAuthors(found);
  }
  return [];
}

function nameInside(el: Element): Element {
  return el.querySelector('[itemprop~="name" i]') ?? el;
}
