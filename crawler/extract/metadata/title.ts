import { collapse, textOf } from '../dom.ts';

// Separators between a headline and the site's name in <title> and og:title.
const SEPARATOR = /\s+(?:[|\-–—»«·•:~\/]|::|\|\|)\s+/;
const SEPARATORS = new RegExp(SEPARATOR.source, 'g');

/** Letters and digits only, lower-cased: for comparing headline variants. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The names a host is known by: "www.schneier.com" → ["schneier"], "news.bbc.co.uk" → ["news",
 * "bbc"], "fieldnotes.example.net" → ["fieldnotes", "example"]. Public suffixes are left out.
 */
export function hostNames(url: string): string[] {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return [];
  }
  const labels = host.replace(/^www\d?\./, '').split('.');
  if (labels.length <= 1) return labels.filter((l) => l.length >= 3);
  let end = labels.length - 1;
  if (labels.length >= 3 && /^(?:co|com|org|net|ac|gov|edu|ne|or|gv|nhs)$/.test(labels[end - 1])) end--;
  return labels.slice(0, end).filter((label) => label.length >= 3 && !/^(?:blog|blogs|news|en|de|fr|es|m|amp|web)$/.test(label));
}

function looksLikeSite(segment: string, hints: string[], names: string[]): boolean {
  const s = squash(segment);
  if (!s) return true;
  if (hints.some((hint) => s === squash(hint))) return true;
  // "BBC News" for bbc.co.uk, but not "Apple unveils a new iPhone" for apple.com.
  return names.some((name) => (s.includes(name) && s.length <= name.length + 10) || (s.length >= 4 && name.includes(s)));
}

/**
 * Removes a leading or trailing site name ("Headline | Site", "Site - Headline"). A segment is a
 * site name when it equals one of the hints (og:site_name, a blog-name <h1>) or the host name.
 */
export function stripSiteName(title: string, hints: Array<string | null>, url: string): string {
  const clean = collapse(title);
  if (!SEPARATOR.test(clean)) return clean;
  const known = hints.filter((h): h is string => !!h && h.trim().length > 0);
  const names = hostNames(url);
  const parts = clean.split(SEPARATOR);
  let start = 0;
  let end = parts.length;
  while (end - start > 1 && looksLikeSite(parts[end - 1], known, names)) end--;
  while (end - start > 1 && looksLikeSite(parts[start], known, names)) start++;
  if (start === 0 && end === parts.length) return clean;
  // Rejoin with the separators the title used, so "Spider-Man: Far From Home" survives.
  const separators = clean.match(SEPARATORS) ?? [];
  let out = parts[start];
  for (let i = start + 1; i < end; i++) out += `${separators[i - 1] ?? ' - '}${parts[i]}`;
  return out.trim();
}

export interface TitleSources {
  /** JSON-LD headline, og:title, twitter:title, other title metas: in precedence order. */
  declared: Array<string | null>;
  titleTag: string | null;
  /** h1, then h2 and h3 texts with their elements. */
  headings: Element[];
  siteName: string | null;
  url: string;
}

/**
 * The headline: a declared title (JSON-LD, OpenGraph, Twitter, other metas) wins; then the page's
 * <h1>; then its <title>, minus the site name. An <h1> that is the site's name ("TED Blog" in
 * "<title>TED Blog | Post title</title>", or og:site_name, or the host name) is not a headline.
 */
export function chooseTitle(sources: TitleSources): string {
  const h1s = sources.headings.filter((h) => h.localName === 'h1').map((h) => textOf(h).slice(0, 500)).filter(Boolean);
  const titleTag = sources.titleTag ? collapse(sources.titleTag).slice(0, 1000) : null;
  // An <h1> equal to one end of <title> is either the headline ("Headline | Site") or a blog's
  // name ("TED Blog | Post title", with the post title in another heading). Only the second
  // leaves the rest of the title showing in some other heading.
  const blogName = (text: string) => {
    if (!titleTag || !isEdgeSegment(titleTag, text)) return false;
    const rest = otherSegments(titleTag, text);
    return sources.headings.slice(0, 60).some((h) => {
      const t = textOf(h);
      return !!t && squash(t) !== squash(text) && titleMatch(t, rest) >= 0.8;
    });
  };
  const siteLike = (text: string) => blogName(text) || looksLikeSite(text, sources.siteName ? [sources.siteName] : [], hostNames(sources.url));
  const hints = [sources.siteName, ...h1s.filter(blogName)];
  for (const declared of sources.declared) {
    if (!declared || !declared.trim()) continue;
    const title = stripSiteName(declared.slice(0, 1000), hints, sources.url);
    // Some templates fill og:title with the site's name on every page.
    if (sources.siteName && squash(title) === squash(sources.siteName)) continue;
    return title;
  }
  const fromTag = titleTag ? stripSiteName(titleTag, hints, sources.url) : '';
  const h1 = h1s.find((text) => !siteLike(text));
  if (h1 && (!fromTag || titleMatch(h1, fromTag) > 0)) return h1;
  if (fromTag) {
    // The <title> names the post; show the heading that carries it, untruncated, if there is one.
    for (const heading of sources.headings.slice(0, 60)) {
      const text = textOf(heading);
      if (text && titleMatch(text, fromTag) >= 0.8) return text;
    }
    return h1 ?? fromTag;
  }
  return h1 ?? h1s[0] ?? '';
}

function isEdgeSegment(titleTag: string | null, text: string): boolean {
  if (!titleTag) return false;
  const parts = collapse(titleTag).split(SEPARATOR);
  if (parts.length < 2) return false;
  const target = squash(text);
  return squash(parts[0]) === target || squash(parts[parts.length - 1]) === target;
}

/** The title without the edge segment equal to `text`. */
function otherSegments(titleTag: string, text: string): string {
  const parts = collapse(titleTag).split(SEPARATOR);
  const target = squash(text);
  if (squash(parts[0]) === target) return parts.slice(1).join(' ');
  return parts.slice(0, -1).join(' ');
}

/** How well a heading's text matches the headline: 1 for the same words, 0 for unrelated. */
export function titleMatch(text: string, title: string): number {
  const a = squash(text);
  const b = squash(title);
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (a.includes(b) || b.includes(a)) return Math.min(a.length, b.length) / Math.max(a.length, b.length);
  return 0;
}

/** The element showing the headline: the best-matching h1, else h2/h3. */
export function findHeadline(headings: Element[], title: string): Element | null {
  if (!title) return null;
  let best: Element | null = null;
  let bestScore = 0.6;
  for (const heading of headings.slice(0, 60)) {
    const bonus = heading.tagName === 'H1' ? 0.05 : 0;
    const score = titleMatch(textOf(heading), title) + bonus;
    if (score > bestScore) {
      best = heading;
      bestScore = score;
    }
  }
  return best;
}
