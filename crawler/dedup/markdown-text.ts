// The words of a Markdown body as the clean stage writes it (links and images by their text,
// no markup), for comparing the text of two articles: a new page and one whose body now lives
// in its Markdown file only. Both sides go through this function, so what it leaves out it
// leaves out of both.

export function markdownText(markdown: string): string {
  return markdown
    .replace(/^\s*(```+|~~~+).*$/gm, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, ' ')
    .replace(/[|*_`~]/g, ' ')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
