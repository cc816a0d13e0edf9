import { JSDOM } from 'jsdom';
import { renderMarkdown as render } from '../../site/html/markdown.ts';

/** Renders Markdown the way the Astro site does (GFM, raw HTML allowed), without smart quotes. */
export function renderMarkdown(markdown: string): Promise<string> {
  return render(markdown, { smartPunctuation: false });
}

const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'pre', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'figure', 'figcaption', 'dl', 'dt', 'dd']);
const VOID = new Set(['br', 'hr', 'img']);
const SAME = new Map([['b', 'strong'], ['i', 'em'], ['s', 'del'], ['strike', 'del']]);
const KEEP_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'title'], code: ['class'], ol: ['start'] };

/**
 * The structure a reader sees, as a string: element names with their meaningful attributes
 * and whitespace-normalized text. A `<p>` directly inside `<li>` (a loose list) counts as the li itself.
 */
export function structure(html: string): string {
  const { document } = new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window;
  const parts: string[] = [];
  const walk = (node: Node, inPre: boolean) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        parts.push(inPre ? (child.textContent ?? '').replace(/\n$/, '') : (child.textContent ?? '').replace(/\s+/g, ' '));
        continue;
      }
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      let tag = el.localName;
      tag = SAME.get(tag) ?? tag;
      if (tag === 'p' && el.parentElement?.localName === 'li') {
        walk(el, inPre);
        parts.push(' ');
        continue;
      }
      const attrs = (KEEP_ATTRIBUTES[tag] ?? [])
        .filter((a) => el.hasAttribute(a))
        .map((a) => ` ${a}="${el.getAttribute(a)}"`)
        .join('');
      parts.push(`<${tag}${attrs}>`);
      if (VOID.has(tag)) continue;
      walk(el, inPre || tag === 'pre');
      parts.push(`</${tag}>`);
    }
  };
  walk(document.body, false);
  // Whitespace next to block boundaries is not visible.
  let out = parts.join('');
  for (const tag of BLOCK) out = out.replace(new RegExp(`\\s*(</?${tag}(?: [^>]*)?>)\\s*`, 'g'), '$1');
  return out
    .replace(/<br>\s*/g, '<br>')
    .replace(/ {2,}/g, ' ')
    .replace(/<em><strong>((?:(?!<\/?(?:em|strong)>).)*)<\/strong><\/em>/g, '<strong><em>$1</em></strong>')
    .trim();
}
