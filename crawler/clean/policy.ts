import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from './structure.ts';
import { wellFormedPercentEncoding } from '../url/index.ts';
import { isAcceptableDataImage } from './urls.ts';

// The allowlist: what article HTML may contain after cleaning, and the last step before any
// article HTML leaves the build (pages, AMP, feeds: site/html/served-html.ts extends it with what
// the site itself adds). Everything else is removed; of the elements listed in
// DROPPED_WITH_CONTENT the text goes too.

export const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6',
  'strong', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'q', 'cite', 'kbd', 'samp', 'var',
  'code', 'pre', 'blockquote',
  'a', 'img', 'figure', 'figcaption',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

const NUMBER = /^\d{1,5}$/;

/** The only class that survives: `language-x` on `<code>`, so code blocks keep their language. */
const LANGUAGE_CLASS = /^language-[\w+#.-]{1,24}$/;

export const LINK_REL = 'noopener noreferrer nofollow';

/** Largest inline `data:` image (decoded bytes) that is kept. */
export const DEFAULT_DATA_IMAGE_BYTES = 4096;

/** A transform that runs after the policy's own one for the same (renamed) tag; it also sees the attributes as written. */
export type ExtensionTransform = (tagName: string, attribs: sanitizeHtml.Attributes, original: sanitizeHtml.Attributes) => sanitizeHtml.Tag;

/**
 * What a later pass may add to the policy: attributes and classes it writes itself (never
 * new elements or URL schemes), transforms that run after the policy's, and tags renamed on
 * the way out (AMP's amp-img) with the schemes their URLs may use.
 */
export interface PolicyExtension {
  attributes?: Record<string, string[]>;
  classes?: Record<string, Array<string | RegExp>>;
  transforms?: Record<string, ExtensionTransform>;
  renamedTags?: Record<string, { attributes: string[]; schemes: string[] }>;
}

export function sanitizeOptions(maxDataImageBytes: number = DEFAULT_DATA_IMAGE_BYTES, extension: PolicyExtension = {}): sanitizeHtml.IOptions {
  const base = baseOptions(maxDataImageBytes);
  if (!extension.attributes && !extension.classes && !extension.transforms && !extension.renamedTags) return base;
  const renamed = extension.renamedTags ?? {};
  const allowedAttributes = { ...(base.allowedAttributes as Record<string, string[]>) };
  for (const [tag, names] of Object.entries(extension.attributes ?? {})) allowedAttributes[tag] = [...(allowedAttributes[tag] ?? []), ...names];
  for (const [tag, { attributes }] of Object.entries(renamed)) allowedAttributes[tag] = attributes;
  const allowedClasses = { ...(base.allowedClasses as Record<string, Array<string | RegExp>>) };
  for (const [tag, names] of Object.entries(extension.classes ?? {})) allowedClasses[tag] = [...(allowedClasses[tag] ?? []), ...names];
  const allowedSchemesByTag = { ...(base.allowedSchemesByTag as Record<string, string[]>) };
  for (const [tag, { schemes }] of Object.entries(renamed)) allowedSchemesByTag[tag] = schemes;
  return {
    ...base,
    allowedTags: [...ALLOWED_TAGS, ...Object.keys(renamed)],
    allowedAttributes,
    allowedClasses,
    allowedSchemesByTag,
    transformTags: composeTransforms(base.transformTags ?? {}, extension.transforms ?? {}),
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag in renamed) && !frame.attribs.src,
  };
}

type Transform = string | sanitizeHtml.Transformer;

function applyTransform(transform: Transform | undefined, tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (transform === undefined) return { tagName, attribs };
  if (typeof transform === 'string') return { tagName: transform, attribs };
  return transform(tagName, attribs);
}

/** The policy's transform for each tag, then the extension's for the tag it became. */
function composeTransforms(first: Record<string, Transform>, after: Record<string, ExtensionTransform>): Record<string, sanitizeHtml.Transformer> {
  const out: Record<string, sanitizeHtml.Transformer> = {};
  for (const tag of new Set([...Object.keys(first), ...Object.keys(after)])) {
    out[tag] = (tagName, attribs) => {
      const done = applyTransform(first[tag], tagName, attribs);
      const next = after[done.tagName];
      return next ? next(done.tagName, done.attribs, attribs) : done;
    };
  }
  return out;
}

function baseOptions(maxDataImageBytes: number): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      code: ['class'],
      blockquote: ['cite'],
      q: ['cite'],
      abbr: ['title'],
      ol: ['start'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedClasses: { code: [LANGUAGE_CLASS] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'], blockquote: ['http', 'https'], q: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      b: 'strong',
      i: 'em',
      strike: 's',
      h1: 'h2',
      a: (tagName, attribs) => {
        const { href, title } = attribs;
        const out: sanitizeHtml.Attributes = {};
        // Every URL leaves with escapes that decode: a Markdown renderer decodes link and image
        // URLs, and one lone "%" used to stop the whole build.
        if (href && /^(?:https?|mailto):/i.test(href)) {
          out.href = wellFormedPercentEncoding(href);
          out.rel = LINK_REL;
        }
        if (title) out.title = title;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        const src = attribs.src ?? '';
        if (/^https?:/i.test(src)) out.src = wellFormedPercentEncoding(src);
        else if (/^data:/i.test(src) && isAcceptableDataImage(src, maxDataImageBytes)) out.src = src;
        if (attribs.alt) out.alt = attribs.alt;
        if (attribs.title) out.title = attribs.title;
        for (const dim of ['width', 'height'] as const) if (attribs[dim] && NUMBER.test(attribs[dim])) out[dim] = attribs[dim];
        return { tagName, attribs: out };
      },
      blockquote: withCite,
      q: withCite,
      code: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'class', LANGUAGE_CLASS) }),
      ol: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'start', NUMBER) }),
      td: numericSpans,
      th: numericSpans,
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

function withCite(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: attribs.cite ? { cite: wellFormedPercentEncoding(attribs.cite) } : {} };
}

function keepIf(attribs: sanitizeHtml.Attributes, name: string, pattern: RegExp): sanitizeHtml.Attributes {
  const value = attribs[name];
  return value && pattern.test(value) ? { [name]: value } : {};
}

function numericSpans(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan']) if (attribs[name] && NUMBER.test(attribs[name]) && attribs[name] !== '1') out[name] = attribs[name];
  return { tagName, attribs: out };
}
