import { parseHTML } from 'linkedom';

// linkedom does not build the implied <html>/<head>/<body> skeleton the way browsers do: a page
// that starts with a <meta> or lacks <body> ends up with no body at all. Such pages are rewrapped
// into a proper skeleton (keeping the <html> attributes, which carry lang and dir).

const FIRST_TAG = /^(?:\s|<!--[\s\S]*?-->|<!(?!--)[^>]*>|<\?[^>]*>)*<([a-zA-Z][\w:-]*)/;
const HAS_BODY = /<body[\s>]/i;
const HTML_OPEN = /<html\b([^>]*)>/i;
const SKELETON_TAGS = /<\/?(?:html|head|body)\b[^>]*>/gi;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

export function needsSkeleton(html: string): boolean {
  const first = FIRST_TAG.exec(html.slice(0, 4096));
  return !first || first[1].toLowerCase() !== 'html' || !HAS_BODY.test(html);
}

export function withSkeleton(html: string): string {
  const attrs = HTML_OPEN.exec(html)?.[1] ?? '';
  const inner = html.replace(DOCTYPE, '').replace(SKELETON_TAGS, '');
  return `<!DOCTYPE html><html${attrs}><head></head><body>${inner}</body></html>`;
}

export function parseDocument(html: string): Document {
  const source = html.charCodeAt(0) === 0xfeff ? html.slice(1) : html;
  if (needsSkeleton(source)) return parseHTML(withSkeleton(source)).document;
  const { document } = parseHTML(source);
  if (document.documentElement?.localName !== 'html') return parseHTML(withSkeleton(source)).document;
  return settleStrays(document) ? document : parseHTML(withSkeleton(source)).document;
}

/**
 * linkedom keeps elements that sit directly under <html> (a <script> before <head>) where they
 * are, and then reports the wrong elements as document.head and document.body. Browsers move
 * them into <head> or <body>; so does this. Returns false when there is no <body> at all.
 */
function settleStrays(document: Document): boolean {
  const root = document.documentElement;
  const children = Array.from(root.children);
  const body = children.find((el) => el.localName === 'body');
  if (!body) return false;
  let head = children.find((el) => el.localName === 'head') ?? null;
  const strays = children.filter((el) => el !== body && el !== head);
  if (strays.length === 0) return true;
  if (!head) {
    head = document.createElement('head');
    root.insertBefore(head, body);
  }
  const bodyIndex = children.indexOf(body);
  for (const stray of strays) {
    if (children.indexOf(stray) < bodyIndex) head.appendChild(stray);
    else body.appendChild(stray);
  }
  return document.body === body;
}
