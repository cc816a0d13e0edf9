// A small Markdown renderer for the subset the sample articles use: paragraphs,
// ATX headings, "-"/"*" and "1." lists (nestable by indentation), "> " quotes,
// fenced code, rules, *em*, **strong**, `code`, [links](url) and ![images](src).
// @astrojs/markdown-remark renders the same subset but takes ~1.2 s for 70 articles
// on this machine (measured), against a few milliseconds here; start-up must stay fast.
import { esc } from './html.ts';

export function renderMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  return renderBlocks(lines).join('\n');
}

const FENCE = /^ {0,3}(```+|~~~+)\s*([\w+#.-]*)\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BULLET = /^( {0,3})[-*+]\s+(.*)$/;
const ORDERED = /^( {0,3})(\d{1,9})[.)]\s+(.*)$/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line);
}

function renderBlocks(lines: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) code.push(lines[i++]);
      i++; // closing fence (or end of input)
      const cls = fence[2] ? ` class="language-${esc(fence[2])}"` : '';
      out.push(`<pre><code${cls}>${esc(code.join('\n'))}\n</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push('<hr>');
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && !isBlank(lines[i])) {
        const m = QUOTE.exec(lines[i]);
        inner.push(m ? m[1] : lines[i]);
        i++;
      }
      out.push(`<blockquote>\n${renderBlocks(inner).join('\n')}\n</blockquote>`);
      continue;
    }
    if (BULLET.test(line) || ORDERED.test(line)) {
      const [html, next] = renderList(lines, i);
      out.push(html);
      i = next;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !isBlank(lines[i]) && (para.length === 0 || !startsBlock(lines[i]))) para.push(lines[i++].trim());
    out.push(`<p>${renderInline(para.join('\n'))}</p>`);
  }
  return out;
}

/** Renders the list starting at `start`; returns the HTML and the index after it. */
function renderList(lines: string[], start: number): [string, number] {
  const ordered = !BULLET.test(lines[start]);
  const marker = ordered ? ORDERED : BULLET;
  const first = marker.exec(lines[start])!;
  const items: string[][] = [];
  let loose = false;
  let i = start;
  while (i < lines.length) {
    const m = marker.exec(lines[i]);
    if (!m) break;
    const content = ordered ? m[3] : m[2];
    const indent = lines[i].length - content.length; // column where the item's content starts
    const item = [content];
    i++;
    while (i < lines.length) {
      const line = lines[i];
      if (isBlank(line)) {
        // A blank line continues the item only if indented content follows.
        const next = lines[i + 1];
        if (next !== undefined && !isBlank(next) && leadingSpaces(next) >= Math.min(indent, 4)) {
          item.push('');
          loose = true;
          i++;
          continue;
        }
        if (next !== undefined && marker.test(next)) loose = true;
        break;
      }
      if (leadingSpaces(line) >= Math.min(indent, 4)) {
        item.push(line.slice(Math.min(indent, leadingSpaces(line))));
      } else if (marker.test(line) || startsBlock(line)) {
        break;
      } else {
        item.push(line.trim()); // lazy continuation of the item's paragraph
      }
      i++;
    }
    items.push(item);
    if (i < lines.length && isBlank(lines[i]) && marker.test(lines[i + 1] ?? '')) i++;
  }
  const tag = ordered ? 'ol' : 'ul';
  const startAttr = ordered && first[2] !== '1' ? ` start="${Number(first[2])}"` : '';
  const body = items
    .map((item) => {
      const blocks = renderBlocks(item);
      const tight = !loose && blocks.length > 0 && blocks[0].startsWith('<p>');
      if (tight) blocks[0] = blocks[0].slice(3, -4);
      return `<li>${blocks.join('\n')}</li>`;
    })
    .join('\n');
  return [`<${tag}${startAttr}>\n${body}\n</${tag}>`, i];
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

const TOKEN = '\u0000';

/** Renders inline Markdown: code spans and links are lifted out first so emphasis never breaks them. */
export function renderInline(text: string): string {
  const saved: string[] = [];
  const keep = (html: string): string => `${TOKEN}${saved.push(html) - 1}${TOKEN}`;
  let s = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => keep(`<code>${esc(code.trim() || code)}</code>`));
  s = s.replace(/\\([\\`*_{}[\]()#+\-.!>])/g, (_, c: string) => keep(esc(c)));
  s = s.replace(/<(https?:\/\/[^\s<>]+)>/g, (_, url: string) => keep(`<a href="${esc(url)}">${esc(url)}</a>`));
  s = s.replace(/(!?)\[([^\]]*)\]\(\s*<?([^\s)>]+)>?(?:\s+"([^"]*)")?\s*\)/g, (_, bang: string, label: string, url: string, title?: string) => {
    const titleAttr = title ? ` title="${esc(title)}"` : '';
    if (bang) return keep(`<img src="${esc(url)}" alt="${esc(label)}"${titleAttr}>`);
    return keep(`<a href="${esc(url)}"${titleAttr}>${renderInline(label)}</a>`);
  });
  s = esc(s);
  s = s.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/(^|[^\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, '$1<strong>$2</strong>');
  s = s.replace(/(^|[^*])\*(?=[^\s*])([^*]*?[^\s*])\*(?!\*)/g, '$1<em>$2</em>');
  s = s.replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1<em>$2</em>');
  s = s.replace(/ {2,}\n/g, '<br>\n');
  const restore = new RegExp(`${TOKEN}(\\d+)${TOKEN}`, 'g');
  while (s.includes(TOKEN)) s = s.replace(restore, (_, n: string) => saved[Number(n)]);
  return s;
}
