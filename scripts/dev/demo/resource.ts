import { sha1 } from './html.ts';

/** One response the sample web can give, built once and served from memory. */
export interface Resource {
  status: number;
  type?: string;
  /** Images are rendered in the background; their bodies resolve later. */
  body: Buffer | Promise<Buffer>;
  lastModified?: Date;
  etag?: string;
  cacheControl?: string;
  location?: string;
}

export const HTML = 'text/html; charset=utf-8';
export const FEED_CACHE = 'max-age=300';

export function etagOf(body: Buffer): string {
  return `"${sha1(body).slice(0, 20)}"`;
}

export function textResource(type: string, text: string, lastModified?: Date, cacheControl?: string): Resource {
  const body = Buffer.from(text, 'utf8');
  return { status: 200, type, body, lastModified, etag: etagOf(body), cacheControl };
}
