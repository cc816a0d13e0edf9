/** Elements that start a block of their own: a line, a paragraph, a list, a table, a section. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'dir', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hgroup', 'hr', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'caption',
  'thead', 'tbody', 'tfoot', 'tr', 'ul', 'video', 'audio', 'noscript', 'listing', 'plaintext', 'xmp',
]);

export function isBlockTag(tag: string): boolean {
  return BLOCK_TAGS.has(tag);
}

/** BLOCK_TAGS with `added` and without `removed`: for a stage whose idea of a block deliberately differs (it says why). */
export function blockTagsWith(added: readonly string[], removed: readonly string[]): ReadonlySet<string> {
  const out = new Set([...BLOCK_TAGS, ...added]);
  for (const tag of removed) out.delete(tag);
  return out;
}
