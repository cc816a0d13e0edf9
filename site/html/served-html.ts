import sanitizeHtml from 'sanitize-html';
import { LINK_REL, sanitizeOptions, type PolicyExtension } from '../../crawler/clean/policy.ts';
import { policyImageUrl } from './csp.ts';

// The last step before article HTML leaves the build, for the article page, its AMP page and
// every feed: the crawler's sanitize-html allowlist (a real HTML parser, the same policy that
// cleaned the article when it was crawled), extended only with what the site itself writes:
// heading ids from the Markdown renderer, table alignment as a class, lazy images over https,
// code blocks in the tab order,
// rel on links that leave the site, and for AMP, amp-img. Nothing else rewrites HTML.

/** rel of links that leave the site: the source's links are not ours to vouch for. */
export const EXTERNAL_LINK_REL = LINK_REL;

/** Size assumed for AMP images that declare none; they are shown letterboxed, never stretched. */
export const AMP_DEFAULT_WIDTH = 1200;
export const AMP_DEFAULT_HEIGHT = 675;

export interface ServedHtmlOptions {
  /** The site's origin ("https://news.example.com"): links elsewhere get EXTERNAL_LINK_REL. */
  origin?: string;
  /** AMP: images become amp-img with a size and layout, and nothing AMP forbids is written. */
  amp?: boolean;
}

const ALIGNMENTS = ['left', 'right', 'center'];
const ALIGN_STYLE = /^\s*text-align\s*:\s*(left|right|center)\s*;?\s*$/i;
/** Heading ids the Markdown renderer writes (github-slugger); AMP reserves ids starting "-amp-" and "i-amphtml-". */
const HEADING_ID = /^(?!-|i-amphtml-)[\p{L}\p{N}_-]{1,100}$/u;
const NUMBER = /^\d{1,5}$/;

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isExternal(href: string, site: string | null): boolean {
  if (!/^https?:/i.test(href)) return false;
  try {
    return new URL(href).origin !== site;
  } catch {
    return true;
  }
}

/** GFM table alignment (style="text-align: …" or align="…") becomes a class the stylesheets know. */
function alignedCell(tagName: string, attribs: sanitizeHtml.Attributes, original: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const align = (ALIGN_STYLE.exec(original.style ?? '')?.[1] ?? original.align ?? '').toLowerCase();
  return { tagName, attribs: ALIGNMENTS.includes(align) ? { ...attribs, class: `align-${align}` } : attribs };
}

function headingWithId(tagName: string, attribs: sanitizeHtml.Attributes, original: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { id: _id, ...rest } = attribs;
  const id = original.id;
  return { tagName, attribs: id && HEADING_ID.test(id) ? { ...rest, id } : rest };
}

function extension(options: ServedHtmlOptions): PolicyExtension {
  const site = origin(options.origin);
  const headings = ['h2', 'h3', 'h4', 'h5', 'h6'];
  const transforms: PolicyExtension['transforms'] = {
    td: alignedCell,
    th: alignedCell,
    ...Object.fromEntries(headings.map((h) => [h, headingWithId])),
    a: (tagName, attribs) => {
      const { rel: _rel, ...rest } = attribs;
      return { tagName, attribs: rest.href && isExternal(rest.href, site) ? { ...rest, rel: EXTERNAL_LINK_REL } : rest };
    },
    img: options.amp ? ampImage : pageImage(site),
    // A code block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
    pre: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: '0' } }),
  };
  return {
    attributes: { ...Object.fromEntries(headings.map((h) => [h, ['id']])), img: ['loading', 'decoding'], pre: ['tabindex'] },
    classes: { td: ALIGNMENTS.map((a) => `align-${a}`), th: ALIGNMENTS.map((a) => `align-${a}`) },
    transforms,
    renamedTags: options.amp ? { 'amp-img': { attributes: ['src', 'alt', 'title', 'width', 'height', 'layout', 'class'], schemes: ['https'] } } : undefined,
  };
}

/** Body images load lazily, and over https (the page CSP's img-src) unless they are the site's own. */
function pageImage(site: string | null) {
  return (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    if (!attribs.src) return { tagName, attribs };
    const src = origin(attribs.src) === site ? attribs.src : policyImageUrl(attribs.src);
    return { tagName, attribs: { ...attribs, src, loading: 'lazy', decoding: 'async' } };
  };
}

/** AMP shows images as amp-img with a size; one without a size is letterboxed at a default one. data: images are dropped. */
function ampImage(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const src = attribs.src && /^https?:/i.test(attribs.src) ? policyImageUrl(attribs.src) : '';
  const sized = NUMBER.test(attribs.width ?? '') && NUMBER.test(attribs.height ?? '') && Number(attribs.width) > 0 && Number(attribs.height) > 0;
  const out: sanitizeHtml.Attributes = { src, alt: attribs.alt ?? '' };
  if (attribs.title) out.title = attribs.title;
  out.width = sized ? attribs.width : String(AMP_DEFAULT_WIDTH);
  out.height = sized ? attribs.height : String(AMP_DEFAULT_HEIGHT);
  out.layout = 'responsive';
  if (!sized) out.class = 'amp-contain';
  return { tagName: 'amp-img', attribs: out };
}

const cache = new Map<string, sanitizeHtml.IOptions>();

function optionsFor(options: ServedHtmlOptions): sanitizeHtml.IOptions {
  const key = `${origin(options.origin) ?? ''} ${options.amp ? 'amp' : 'page'}`;
  let found = cache.get(key);
  if (!found) cache.set(key, (found = sanitizeOptions(undefined, extension(options))));
  return found;
}

/** Article HTML as the site serves it: through the crawler's allowlist, with the site's additions. */
export function servedHtml(html: string, options: ServedHtmlOptions = {}): string {
  return sanitizeHtml(html, optionsFor(options));
}
