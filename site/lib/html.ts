import { policyImageUrl } from './csp.ts';

// String-level passes over the HTML that Astro's Markdown renderer produced. The renderer
// escapes "<" in text and quotes attribute values, so every "<tag …>" it emits is a real tag
// and a tag-with-attributes pattern is exact. A DOM parse per article would cost ~50x more.

const ATTR = String.raw`\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const TAG = new RegExp(String.raw`<([a-zA-Z][a-zA-Z0-9-]*)((?:${ATTR})*)\s*(/?)>`, 'g');
const ONE_ATTR = new RegExp(String.raw`\s+([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`, 'g');
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|template|frame|frameset)\b[\s\S]*?<\/\1\s*>|<(script|style|iframe|object|embed|link|meta|base)\b[^>]*>/gi;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface Attr {
  name: string;
  /** Raw (still entity-encoded) value without quotes; null for a bare attribute. */
  value: string | null;
}

export function parseAttributes(source: string): Attr[] {
  const out: Attr[] = [];
  for (const m of source.matchAll(ONE_ATTR)) {
    const raw = m[2];
    out.push({ name: m[1], value: raw === undefined ? null : raw.replace(/^["']|["']$/g, '') });
  }
  return out;
}

export function serializeAttributes(attrs: Attr[]): string {
  return attrs.map((a) => (a.value === null ? ` ${a.name}` : ` ${a.name}="${a.value.replace(/"/g, '&quot;')}"`)).join('');
}

/** Calls `edit` for every start tag; it returns the new tag name and attributes, or null to keep the tag unchanged. */
export function rewriteTags(html: string, edit: (name: string, attrs: Attr[]) => { name: string; attrs: Attr[] } | null): string {
  return html.replace(TAG, (whole, name: string, attrSource: string, selfClose: string) => {
    const result = edit(name.toLowerCase(), parseAttributes(attrSource));
    if (!result) return whole;
    return `<${result.name}${serializeAttributes(result.attrs)}${selfClose ? ' /' : ''}>`;
  });
}

const ALIGN = /^\s*text-align\s*:\s*(left|right|center)\s*;?\s*$/i;

/** rel of links that leave the site: the source's links are not ours to vouch for. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

export interface BodyHtmlOptions {
  /** The site's base path ("/news/"): site-absolute URLs in the body get it. */
  base?: string;
  /** The site's origin ("https://news.example.com"): links elsewhere get EXTERNAL_LINK_REL. */
  origin?: string;
}

function isExternal(href: string, origin: string | null): boolean {
  const decoded = href.replace(/&amp;/g, '&').trim();
  if (!/^https?:\/\//i.test(decoded) && !decoded.startsWith('//')) return false;
  try {
    return new URL(decoded, origin ?? 'http://invalid.invalid').origin !== origin;
  } catch {
    return true;
  }
}

function withRel(existing: string | null, rel: string): string {
  const tokens = new Set((existing ?? '').toLowerCase().split(/\s+/).filter(Boolean));
  for (const t of rel.split(' ')) tokens.add(t);
  return [...tokens].join(' ');
}

/**
 * Makes rendered Markdown safe for the article page under a strict CSP and right for its
 * outline: no scripts/styles/frames, no style or on* attributes (table alignment becomes a
 * class), no javascript: links, body <h1> demoted to <h2>, images lazy and over https (the
 * policy's img-src), and rel="noopener noreferrer nofollow" on links that leave the site
 * (the Markdown renderer drops the rel the cleaner wrote).
 */
export function prepareBodyHtml(html: string, options: BodyHtmlOptions = {}): string {
  const base = options.base && options.base !== '/' ? options.base : null;
  const origin = options.origin ? new URL(options.origin).origin : null;
  const withoutActive = html.replace(DROP_WITH_CONTENT, '');
  const rewritten = rewriteTags(withoutActive, (name, attrs) => {
    let changed = false;
    const out: Attr[] = [];
    let alignClass: string | null = null;
    for (const a of attrs) {
      const lower = a.name.toLowerCase();
      if (lower === 'style') {
        const m = a.value?.match(ALIGN);
        if (m) alignClass = `align-${m[1].toLowerCase()}`;
        changed = true;
      } else if (lower.startsWith('on')) {
        changed = true;
      } else if ((lower === 'href' || lower === 'src' || lower === 'action' || lower === 'formaction') && a.value && /^\s*(javascript|vbscript|data:text\/html)/i.test(a.value)) {
        changed = true;
      } else {
        if (base && a.value && (lower === 'src' || lower === 'href') && /^\/(?!\/)/.test(a.value)) {
          a.value = base + a.value.slice(1);
          changed = true;
        } else if (base && a.value && lower === 'srcset') {
          a.value = a.value.replace(/(^|,\s*)\/(?!\/)/g, `$1${base}`);
          changed = true;
        }
        out.push(a);
      }
    }
    if (alignClass) {
      const cls = out.find((a) => a.name === 'class');
      if (cls) cls.value = `${cls.value ?? ''} ${alignClass}`.trim();
      else out.push({ name: 'class', value: alignClass });
    }
    let tag = name;
    if (name === 'h1') {
      tag = 'h2';
      changed = true;
    }
    if (name === 'a') {
      const href = out.find((a) => a.name.toLowerCase() === 'href')?.value;
      if (href && isExternal(href, origin)) {
        const rel = out.find((a) => a.name.toLowerCase() === 'rel');
        if (rel) rel.value = withRel(rel.value, EXTERNAL_LINK_REL);
        else out.push({ name: 'rel', value: EXTERNAL_LINK_REL });
        changed = true;
      }
    }
    if (name === 'img') {
      for (const a of out) {
        const lower = a.name.toLowerCase();
        if (a.value && lower === 'src') a.value = policyImageUrl(a.value);
        else if (a.value && lower === 'srcset') a.value = a.value.split(',').map((part) => policyImageUrl(part.trim())).join(', ');
      }
      if (!out.some((a) => a.name === 'loading')) out.push({ name: 'loading', value: 'lazy' });
      if (!out.some((a) => a.name === 'decoding')) out.push({ name: 'decoding', value: 'async' });
      changed = true;
    }
    return changed ? { name: tag, attrs: out } : null;
  });
  return rewritten.replace(/<\/h1\s*>/gi, '</h2>');
}

const URL_ATTRS = new Set(['href', 'src', 'poster', 'cite']);

function absolutize(value: string, base: string): string {
  const decoded = value.replace(/&amp;/g, '&');
  if (/^(#|mailto:|tel:|data:)/i.test(decoded)) return value;
  try {
    return new URL(decoded, base).href.replace(/&/g, '&amp;');
  } catch {
    return value;
  }
}

/** Rewrites relative href/src/srcset URLs to absolute ones (feeds are read away from the site). */
export function absolutizeHtml(html: string, base: string): string {
  return rewriteTags(html, (name, attrs) => {
    let changed = false;
    for (const a of attrs) {
      if (a.value === null) continue;
      const lower = a.name.toLowerCase();
      if (URL_ATTRS.has(lower)) {
        const next = absolutize(a.value, base);
        if (next !== a.value) {
          a.value = next;
          changed = true;
        }
      } else if (lower === 'srcset') {
        a.value = a.value
          .split(',')
          .map((part) => {
            const [url, ...descriptor] = part.trim().split(/\s+/);
            return [absolutize(url, base), ...descriptor].join(' ');
          })
          .join(', ');
        changed = true;
      }
    }
    return changed ? { name, attrs } : null;
  });
}

/** Plain text of an HTML fragment (for descriptions and excerpts). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Shortens text at a word boundary, adding an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  if (/\s/.test(text[max - 1])) return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
