import { elements, hasText, isElement, rename, tagOf, unwrap } from './dom.ts';
import { isWebUrl } from '../url/index.ts';
import { blockTagsWith } from '../dom/block-tags.ts';

// Structural clean-up before the allowlist: what a careful editor does to pasted HTML.

/** Removed with everything inside: code, styling, forms, navigation, raw-text and foreign-content elements. */
export const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param',
  'svg', 'math', 'canvas', 'video', 'audio', 'source', 'track', 'map', 'form', 'button', 'input', 'select', 'option',
  'optgroup', 'textarea', 'label', 'fieldset', 'legend', 'datalist', 'output', 'nav', 'dialog', 'menu', 'head',
  'title', 'meta', 'link', 'base', 'xmp', 'noembed', 'noframes', 'plaintext', 'slot', 'portal',
];

/** Flow containers that carry no meaning of their own: their content is kept, they are not. */
const CONTAINERS = new Set(['div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'center', 'hgroup', 'address', 'details', 'html', 'body']);

/**
 * Elements that stand as blocks after clean-up: the blocks that survive the drops above, and html
 * (a container); not the parts that only live inside another block (list items, captions, table
 * rows, summary), nor the obsolete dir and listing, which the allowlist unwraps into running text.
 */
const BLOCKS = blockTagsWith(['html'], [...DROPPED_WITH_CONTENT, 'li', 'dd', 'dt', 'figcaption', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'summary', 'dir', 'listing']);

/** Elements whose content may be a mix of text and blocks, so a container inside them becomes paragraphs. */
const FLOW_PARENTS = new Set(['li', 'td', 'th', 'blockquote', 'figure', 'dd', ...CONTAINERS]);

/** Embedded media become a plain link to what was embedded; the player itself is dropped. */
export function embedsToLinks(document: Document, root: Element): void {
  for (const el of elements(root, 'iframe, video, audio, embed, object')) {
    if (!el.isConnected) continue;
    const src = el.getAttribute('src') ?? el.getAttribute('data') ?? el.querySelector('source[src]')?.getAttribute('src') ?? null;
    if (src && isWebUrl(src)) {
      const p = document.createElement('p');
      const a = document.createElement('a');
      a.setAttribute('href', embedPageUrl(src));
      const label = el.getAttribute('title')?.trim();
      a.textContent = label || `${tagOf(el) === 'audio' ? 'Audio' : 'Video'}: ${new URL(src).hostname.replace(/^www\./, '')}`;
      p.appendChild(a);
      el.replaceWith(p);
    }
  }
}

/** YouTube and Vimeo players link to their watch pages; anything else to the embed URL. */
function embedPageUrl(src: string): string {
  const u = new URL(src);
  const youtube = /(?:^|\.)youtube(?:-nocookie)?\.com$/.test(u.hostname) && /^\/embed\/([\w-]{6,})/.exec(u.pathname);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = u.hostname === 'player.vimeo.com' && /^\/video\/(\d+)/.exec(u.pathname);
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`;
  return u.href;
}

export function dropElements(root: Element): void {
  for (const el of elements(root, DROPPED_WITH_CONTENT.join(','))) el.remove();
}

/** h1 is the page title's level; inside an article every heading moves to h2–h6. */
export function demoteH1(document: Document, root: Element): void {
  for (const h1 of elements(root, 'h1')) rename(document, h1, 'h2');
}

/** The visible line of a `<details>` is a paragraph of its own (the details box itself goes). */
export function summariesToParagraphs(document: Document, root: Element): void {
  for (const summary of elements(root, 'summary')) rename(document, summary, 'p');
}

const LANGUAGE_PATTERNS = [/(?:^|\s)(?:language|lang)-([\w+#.-]+)/i, /(?:^|\s)highlight-(?:source|text)-([\w+#-]+)/i, /brush:\s*([\w+#-]+)/i, /(?:^|\s)sourceCode\s+([\w+#-]+)/];

function languageOf(el: Element | null): string | null {
  for (let node = el, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
    const data = node.getAttribute('data-lang') ?? node.getAttribute('data-language');
    if (data && /^[\w+#.-]{1,24}$/.test(data)) return data.toLowerCase();
    const cls = node.getAttribute('class') ?? '';
    for (const pattern of LANGUAGE_PATTERNS) {
      const m = pattern.exec(cls);
      if (m && m[1].length <= 24) return m[1].toLowerCase();
    }
  }
  return null;
}

/**
 * Every `<pre>` becomes `<pre><code class="language-x">plain text</code></pre>`: highlighting
 * spans and line-number gutters removed, `<br>` turned into newlines, the language kept from
 * the usual class conventions (language-x, lang-x, highlight-source-x, brush: x, sourceCode x).
 */
export function normalizeCodeBlocks(document: Document, root: Element): void {
  for (const pre of elements(root, 'pre')) {
    if (!pre.isConnected) continue;
    const language = languageOf(pre.querySelector('code')) ?? languageOf(pre);
    for (const gutter of elements(pre, '.line-numbers-rows, .linenos, .gutter, .lineno, .line-number, .ln')) gutter.remove();
    for (const br of elements(pre, 'br')) br.replaceWith(document.createTextNode('\n'));
    const text = pre.textContent ?? '';
    const code = document.createElement('code');
    if (language) code.setAttribute('class', `language-${language}`);
    code.textContent = text;
    const fresh = document.createElement('pre');
    fresh.appendChild(code);
    pre.replaceWith(fresh);
  }
}

function isBlock(node: Node): boolean {
  return isElement(node) && BLOCKS.has(tagOf(node));
}

function isMeaningfulInline(nodes: Node[]): boolean {
  return nodes.some((n) => (isElement(n) ? tagOf(n) !== 'br' && (hasText(n) || n.querySelector('img') !== null || tagOf(n) === 'img') : hasText(n)));
}

/** Splits a parent's children into blocks and paragraphs made of the inline runs between them. */
function blocksAndParagraphs(document: Document, nodes: Node[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    if (isMeaningfulInline(run)) {
      const p = document.createElement('p');
      for (const n of run) p.appendChild(n);
      out.push(p);
    }
    run = [];
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      out.push(node);
    } else run.push(node);
  }
  flush();
  return out;
}

/**
 * Removes meaningless containers (div, section, span-like wrappers…), turning the inline
 * text they held into paragraphs, innermost first. Inside inline parents a container is just
 * unwrapped; inside list items and cells a lone run of text stays as it is.
 */
export function flattenContainers(document: Document, root: Element): void {
  const visit = (el: Element) => {
    for (const child of [...el.children]) visit(child);
    if (el === root || !CONTAINERS.has(tagOf(el)) || !el.parentElement) return;
    const parentTag = el.parentElement === root ? 'div' : tagOf(el.parentElement);
    if (!FLOW_PARENTS.has(parentTag)) {
      unwrap(el);
      return;
    }
    const children = [...el.childNodes];
    if (el.parentElement !== root && !children.some(isBlock)) {
      unwrap(el);
      return;
    }
    el.replaceWith(...blocksAndParagraphs(document, children));
  };
  visit(root);
  const top = [...root.childNodes];
  if (top.some((n) => !isBlock(n) && (isElement(n) || hasText(n)))) {
    const rebuilt = blocksAndParagraphs(document, top);
    for (const n of rebuilt) root.appendChild(n);
    for (const n of [...root.childNodes]) if (!rebuilt.includes(n)) n.remove();
  }
}
