import { htmlText } from '../../clean/html-text.ts';

// A JSON-LD articleBody turned into a body element: paragraphs split on blank lines (or single
// newlines when there are no blank lines). Some publishers put HTML in the string: it is read
// by an HTML parser, block elements become paragraph breaks, character references are decoded.

export function jsonLdElement(doc: Document, articleBody: string): Element {
  const root = doc.createElement('div');
  const text = htmlText(articleBody.replace(/\r\n?/g, '\n'), { blockSeparator: '\n\n' }).trim();
  const paragraphs = (/\n\s*\n/.test(text) ? text.split(/\n\s*\n/) : text.split('\n')).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  for (const paragraph of paragraphs) {
    const p = doc.createElement('p');
    p.textContent = paragraph;
    root.appendChild(p);
  }
  return root;
}
