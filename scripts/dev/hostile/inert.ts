import { JSDOM } from 'jsdom';
export { renderMarkdown } from '../../../site/html/markdown.ts';

// Is published HTML inert? The site renders each article's Markdown with Astro's processor
// (GFM, raw HTML allowed), so the Markdown the crawler writes must render to nothing that can
// run script, load a stylesheet or a frame, or restyle the page. This renders it the same way
// and lists what should not be there.

/** The Markdown after a file's frontmatter, read by the crawler's one reader. */
export { readArticleBody as articleBody } from '../../../crawler/publish/article-file.ts';

const ALLOWED = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'q',
  'cite', 'kbd', 'samp', 'var', 'code', 'pre', 'blockquote', 'a', 'img', 'figure', 'figcaption', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption',
  'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'input', 'section',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite', 'action', 'formaction', 'background', 'poster', 'srcset', 'xlink:href', 'data']);

/** Parsed the way a browser or feed reader parses it (jsdom's parse5, not the sanitizer's own parser). */
export function inertHtmlProblems(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><html><body>${html}</body></html>`).window;
  const problems: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.localName;
    if (!ALLOWED.has(tag)) problems.push(`<${tag}> element`);
    // GFM task lists render disabled checkboxes; anything else of <input> is not ours.
    if (tag === 'input' && !(el.getAttribute('type') === 'checkbox' && el.hasAttribute('disabled'))) problems.push('<input> that is not a task-list checkbox');
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${name} handler on <${tag}>`);
      if (name === 'style') problems.push(`style attribute on <${tag}>`);
      if (URL_ATTRIBUTES.has(name)) {
        const value = attr.value.replace(/[\u0000-\u0020]+/g, '');
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
        const dataImage = tag === 'img' && name === 'src' && /^data:image\/(?:png|jpeg|gif|webp|avif);base64,/i.test(value);
        if (scheme && !['http', 'https', 'mailto'].includes(scheme) && !dataImage) problems.push(`${name}="${attr.value.slice(0, 60)}" on <${tag}>`);
      }
    }
  }
  return problems;
}
