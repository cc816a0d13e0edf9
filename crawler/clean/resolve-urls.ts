import { elements } from './dom.ts';
import { parseSrcset } from './urls.ts';
import { resolveUrl, wellFormedPercentEncoding } from '../url/index.ts';

/** Attributes holding one URL, made absolute before anything else looks at them. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'cite',
  'poster',
  'action',
  'formaction',
  'background',
  'longdesc',
  'data',
  'xlink:href',
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-url',
  'data-hi-res-src',
  'data-full-src',
];
const SRCSET_ATTRIBUTES = ['srcset', 'data-srcset', 'data-lazy-srcset'];

/**
 * Resolves every URL-bearing attribute against the page URL (never against a `<base>` in the
 * fragment). An attribute that does not resolve is removed, so nothing relative or malformed
 * survives to the later stages.
 */
export function resolveAllUrls(root: Element, baseUrl: string): void {
  for (const el of elements(root, '*')) {
    if (el.attributes.length === 0) continue;
    for (const name of URL_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if (/^\s*data:/i.test(value)) continue; // judged later, where data: images are handled
      const resolved = resolveWellFormed(value, baseUrl);
      if (resolved === null) el.removeAttribute(name);
      else el.setAttribute(name, resolved);
    }
    for (const name of SRCSET_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      const parts: string[] = [];
      for (const c of parseSrcset(value)) {
        const resolved = /^data:/i.test(c.url) ? c.url : resolveWellFormed(c.url, baseUrl);
        if (!resolved) continue;
        parts.push(resolved + (c.width !== undefined ? ` ${c.width}w` : c.density !== undefined ? ` ${c.density}x` : ''));
      }
      if (parts.length === 0) el.removeAttribute(name);
      else el.setAttribute(name, parts.join(', '));
    }
  }
}

/** Article URLs keep well-formed escapes only: Markdown renderers decode them (wellFormedPercentEncoding). */
function resolveWellFormed(value: string, base: string): string | null {
  const url = resolveUrl(value, base);
  return url === null ? null : wellFormedPercentEncoding(url);
}
