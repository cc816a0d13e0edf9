import { decodeEntities } from '../entities.ts';

// A JSON-LD articleBody turned into a body element: paragraphs split on blank lines (or single
// newlines when there are no blank lines). Some publishers put HTML in the string: block tags
// become paragraph breaks, other tags are dropped, character references decoded.

export function jsonLdElement(doc: Document, articleBody: string): Element {
  const root = doc.createElement('div');
  const text = decodeEntities(
    articleBody
      .replace(/\r\n?/g, '\n')
      .replace(/<\/?(?:p|div|br|h[1-6]|li|ul|ol|blockquote|section)\b[^>]*>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();
  const paragraphs = (/\n\s*\n/.test(text) ? text.split(/\n\s*\n/) : text.split('\n')).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  for (const paragraph of paragraphs) {
    const p = doc.createElement('p');
    p.textContent = paragraph;
    root.appendChild(p);
  }
  return root;
}
