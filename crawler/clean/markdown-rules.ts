import type TurndownService from 'turndown';
import { escapeAltText } from './markdown-escape.ts';

// Turndown rules that replace its defaults where they produce Markdown that does not render
// back to the same structure, plus GFM tables and strikethrough (in place of turndown-plugin-gfm).

type Node = TurndownService.Node;

function elementChildren(node: Node): Element[] {
  // domino's collections are not iterable; walk childNodes.
  return Array.from(node.childNodes).filter((c): c is Element => c.nodeType === 1);
}

function escapeDestination(url: string): string {
  const escaped = url.replace(/([<>()\\])/g, '\\$1');
  return /\s/.test(escaped) ? `<${escaped.replace(/\s/g, (s) => encodeURIComponent(s))}>` : escaped;
}

function titlePart(title: string | null): string {
  const t = (title ?? '').replace(/\s+/g, ' ').trim();
  return t ? ` "${t.replace(/(["\\])/g, '\\$1')}"` : '';
}

function languageOf(code: Element | null): string {
  const m = /(?:^|\s)language-([\w+#.-]+)/.exec(code?.getAttribute('class') ?? '');
  return m ? m[1] : '';
}

/** How many lists of the same kind directly precede this one (with nothing but whitespace between). */
function sameKindListsBefore(list: Element): number {
  let count = 0;
  for (let prev = list.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.nodeType === 3 && !/\S/.test(prev.textContent ?? '')) continue;
    if (prev.nodeName !== list.nodeName) break;
    count++;
  }
  return count;
}

/** Each element child's position in its parent, computed once per parent (per item, a long list cost n²). */
const childIndexes = new WeakMap<Element, Map<Element, number>>();

function indexInParent(el: Element, parent: Element): number {
  let indexes = childIndexes.get(parent);
  if (!indexes) {
    indexes = new Map(elementChildren(parent as unknown as Node).map((child, i) => [child, i]));
    childIndexes.set(parent, indexes);
  }
  return indexes.get(el) ?? 0;
}

export function addRules(service: TurndownService): void {
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = content.replace(/\\\n/g, ' ').replace(/\s*\n\s*/g, ' ').trim();
      return text ? `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : '';
    },
  });

  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as Element;
      // Two lists in a row would merge into one: every other list uses the alternative marker.
      const alternate = sameKindListsBefore(parent) % 2 === 1;
      let prefix = alternate ? '* ' : '- ';
      if (parent.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start'));
        const number = (Number.isFinite(start) && parent.hasAttribute('start') ? start : 1) + indexInParent(node as Element, parent);
        prefix = `${number}${alternate ? ')' : '.'} `;
      }
      const isParagraph = /\n$/.test(content);
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '') + (isParagraph ? '\n' : '');
      return prefix + body.replace(/\n(?=.)/g, `\n${' '.repeat(prefix.length)}`) + (node.nextSibling ? '\n' : '');
    },
  });

  service.addRule('codeBlock', {
    filter: 'pre',
    replacement: (_content, node) => {
      const code = (node as Element).querySelector('code');
      const text = (node.textContent ?? '').replace(/\n$/, '');
      let fence = '```';
      for (const run of text.match(/`{3,}/g) ?? []) if (run.length >= fence.length) fence = '`'.repeat(run.length + 1);
      return `\n\n${fence}${languageOf(code)}\n${text}\n${fence}\n\n`;
    },
  });

  service.addRule('inlineLink', {
    filter: (node) => node.nodeName === 'A' && !!(node as Element).getAttribute('href'),
    replacement: (content, node) => {
      const text = content.replace(/\\\n/g, ' ').replace(/\s*\n+\s*/g, ' ').trim();
      if (!text) return '';
      const el = node as Element;
      return `[${text}](${escapeDestination(el.getAttribute('href')!)}${titlePart(el.getAttribute('title'))})`;
    },
  });

  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const el = node as Element;
      const src = el.getAttribute('src');
      if (!src) return '';
      const alt = escapeAltText((el.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim());
      return `![${alt}](${escapeDestination(src)}${titlePart(el.getAttribute('title'))})`;
    },
  });

  service.addRule('strikethrough', {
    filter: ['del', 's', 'strike'] as TurndownService.Filter,
    replacement: (content) => (content.trim() ? `~~${content}~~` : ''),
  });

  // No Markdown syntax for these; the tags themselves are harmless inline HTML.
  service.addRule('keptInline', {
    filter: ['sup', 'sub', 'kbd', 'mark'],
    replacement: (content, node) => {
      const tag = node.nodeName.toLowerCase();
      return content.trim() ? `<${tag}>${content}</${tag}>` : '';
    },
  });

  service.addRule('quote', {
    filter: 'q',
    replacement: (content) => `“${content}”`,
  });

  addTableRules(service);
}

/**
 * GFM tables. turndown-plugin-gfm keeps tables without a heading row as raw HTML, leaves `|`
 * in cells unescaped and breaks rows on multi-paragraph cells; these rules promote the first
 * row to the heading, pad rows to the widest (counting colspan), escape pipes and join a
 * cell's lines with <br>.
 */
function addTableRules(service: TurndownService): void {
  const rowsOf = (table: Element): Element[] => {
    const rows: Element[] = [];
    for (const child of elementChildren(table as unknown as Node)) {
      if (child.nodeName === 'TR') rows.push(child);
      else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName)) rows.push(...elementChildren(child as unknown as Node).filter((r) => r.nodeName === 'TR'));
    }
    return rows;
  };
  const width = (row: Element): number =>
    elementChildren(row as unknown as Node)
      .filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH')
      .reduce((n, c) => n + Math.max(1, Math.min(50, Number(c.getAttribute('colspan')) || 1)), 0);

  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const text = content
        .replace(/\\\n/g, '<br>')
        .trim()
        .replace(/\n{2,}/g, '<br>')
        .replace(/\n/g, ' ')
        .replace(/\|/g, '\\|');
      const span = Math.max(1, Math.min(50, Number((node as Element).getAttribute('colspan')) || 1));
      return ` ${text} |` + ' |'.repeat(span - 1);
    },
  });

  // Every row needs its table's first row and width: measured once per table, not once per row
  // (per row, a table of n rows cost n² and a few thousand rows took seconds).
  const layouts = new WeakMap<Element, { first: Element | undefined; columns: number }>();
  const layoutOf = (table: Element) => {
    let layout = layouts.get(table);
    if (!layout) {
      const rows = rowsOf(table);
      layout = { first: rows[0], columns: rows.reduce((max, row) => Math.max(max, width(row)), 1) };
      layouts.set(table, layout);
    }
    return layout;
  };

  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const table = (node as Element).closest('table');
      if (!table) return content;
      const { first, columns } = layoutOf(table);
      const missing = columns - width(node as Element);
      const line = `|${content}${' |'.repeat(Math.max(0, missing))}`;
      if (first !== node) return `\n${line}`;
      return `\n${line}\n|${' --- |'.repeat(columns)}`;
    },
  });

  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });

  service.addRule('tableCaption', {
    filter: 'caption',
    replacement: () => '',
  });

  service.addRule('table', {
    filter: 'table',
    replacement: (content, node) => {
      const caption = (node as Element).querySelector('caption');
      const captionText = caption ? service.turndown(caption.innerHTML).replace(/\s*\n+\s*/g, ' ').trim() : '';
      const rows = content.replace(/\n+/g, '\n').trim();
      if (!rows) return '';
      return `\n\n${captionText ? `${captionText}\n\n` : ''}${rows}\n\n`;
    },
  });
}
