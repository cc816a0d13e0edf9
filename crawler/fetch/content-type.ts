import type { FetchKind } from './types.ts';

export interface ContentType {
  /** Lowercase media type without parameters; '' when absent. */
  mime: string;
  charset: string | null;
}

export function parseContentType(header: string | undefined): ContentType {
  if (!header) return { mime: '', charset: null };
  const [type, ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param);
    if (m) charset = m[1];
  }
  return { mime: type.trim().toLowerCase(), charset };
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const FEED_TYPES = new Set(['application/xml', 'application/json', 'application/rss+xml', 'application/atom+xml', 'application/rdf+xml', 'application/feed+json']);

export function isHtmlType(mime: string): boolean {
  return HTML_TYPES.has(mime);
}

export function isTextualType(mime: string): boolean {
  return mime.startsWith('text/') || FEED_TYPES.has(mime) || /\+(xml|json)$/.test(mime) || mime === 'application/javascript' || mime === 'application/x-javascript';
}

/**
 * Whether a response of this media type is what the kind asked for. `null` means the server sent
 * no type: page responses are then sniffed after reading, other kinds are accepted.
 */
export function acceptsType(kind: FetchKind, mime: string): boolean | null {
  if (mime === '') return kind === 'page' || kind === 'image' ? null : true;
  switch (kind) {
    case 'page':
      return HTML_TYPES.has(mime);
    case 'feed':
      return isTextualType(mime);
    case 'image':
      return mime.startsWith('image/');
    case 'robots':
    case 'other':
      return true;
  }
}

export const ACCEPT_HEADERS: Record<FetchKind, string> = {
  page: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  feed: 'application/rss+xml,application/atom+xml,application/feed+json,application/xml;q=0.9,text/xml;q=0.9,application/json;q=0.8,*/*;q=0.1',
  image: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.1',
  robots: 'text/plain,*/*;q=0.1',
  other: '*/*',
};

/** Whether the start of a body looks like an HTML document (for pages served without a type). */
export function looksLikeHtml(body: Buffer): boolean {
  const head = body.subarray(0, 1024).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s>]/i.test(head);
}

/** Whether the start of a body is an image format sharp can read (for images served without a type). */
export function sniffImageType(body: Buffer): string | null {
  const b = body;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(b.subarray(8, 12).toString('latin1'))) return 'image/avif';
  return null;
}
