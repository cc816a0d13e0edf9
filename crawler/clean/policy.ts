import sanitizeHtml from 'sanitize-html';
import { DROPPED_WITH_CONTENT } from './structure.ts';
import { isAcceptableDataImage } from './urls.ts';

// The allowlist: what article HTML may contain after cleaning. Everything else is removed;
// of the elements listed in DROPPED_WITH_CONTENT the text goes too.

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

export function sanitizeOptions(maxDataImageBytes: number): sanitizeHtml.IOptions {
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
        if (href && /^(?:https?|mailto):/i.test(href)) {
          out.href = href;
          out.rel = LINK_REL;
        }
        if (title) out.title = title;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        const src = attribs.src ?? '';
        if (/^https?:/i.test(src) || (/^data:/i.test(src) && isAcceptableDataImage(src, maxDataImageBytes))) out.src = src;
        if (attribs.alt) out.alt = attribs.alt;
        if (attribs.title) out.title = attribs.title;
        for (const dim of ['width', 'height'] as const) if (attribs[dim] && NUMBER.test(attribs[dim])) out[dim] = attribs[dim];
        return { tagName, attribs: out };
      },
      code: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'class', LANGUAGE_CLASS) }),
      ol: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'start', NUMBER) }),
      td: numericSpans,
      th: numericSpans,
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
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
