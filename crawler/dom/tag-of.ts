/** An element's tag name in lowercase ("div", "h2"); "" for a text, comment or other non-element node. */
export function tagOf(node: Node): string {
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  return el.localName?.toLowerCase() ?? el.tagName.toLowerCase();
}
