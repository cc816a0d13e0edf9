import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';

// Lead images arrive processed: a few widths, sometimes in two formats (AVIF and WebP).
// Pages offer each format as a <source> of a <picture>; the <img> fallback, OpenGraph,
// JSON-LD, feeds and AMP use the most widely supported format.

type LeadImage = NonNullable<Frontmatter['image']>;
type Variant = LeadImage['variants'][number];

export interface ImageAttrs {
  src: string;
  srcset?: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface PictureSource {
  type: string;
  srcset: string;
}

export interface PictureAttrs {
  /** Extra formats for <source>, most efficient first; empty when there is only one format. */
  sources: PictureSource[];
  img: ImageAttrs;
}

/** Formats in order of preference for <source>; the last one a browser is sure to read is the fallback. */
const SOURCE_ORDER = ['avif', 'webp'];
/** Formats every browser, feed reader and social card reads, best first. */
const FALLBACK_ORDER = ['webp', 'jpeg', 'jpg', 'png', 'gif'];

function formatOf(v: Variant): string {
  const f = (v.format || v.src.split('?')[0].split('.').pop() || '').toLowerCase();
  return f === 'jpg' ? 'jpeg' : f;
}

function byFormat(image: LeadImage): Map<string, Variant[]> {
  const groups = new Map<string, Variant[]>();
  for (const v of image.variants) {
    const f = formatOf(v);
    const list = groups.get(f) ?? [];
    if (!list.some((x) => x.width === v.width)) list.push(v);
    groups.set(f, list);
  }
  for (const list of groups.values()) list.sort((a, b) => a.width - b.width);
  return groups;
}

function fallbackFormat(groups: Map<string, Variant[]>): string | null {
  return FALLBACK_ORDER.find((f) => groups.has(f)) ?? [...groups.keys()].find((f) => f !== 'avif') ?? [...groups.keys()][0] ?? null;
}

function scaledHeight(image: LeadImage, width: number): number | undefined {
  return image.width && image.height ? Math.round((image.height * width) / image.width) : undefined;
}

/** <img> attributes in the fallback format; `preferWidth` picks src (the smallest variant at least that wide). */
export function imageAttrs(image: LeadImage, resolve: (src: string) => string, preferWidth?: number): ImageAttrs {
  const groups = byFormat(image);
  const format = fallbackFormat(groups);
  const variants = format ? groups.get(format)! : [];
  const chosen = preferWidth ? (variants.find((v) => v.width >= preferWidth) ?? variants.at(-1)) : variants.at(-1);
  const attrs: ImageAttrs = { src: resolve(chosen?.src ?? image.src), alt: image.alt };
  if (variants.length > 1) attrs.srcset = variants.map((v) => `${resolve(v.src)} ${v.width}w`).join(', ');
  const width = chosen?.width ?? image.width ?? undefined;
  if (width && image.width && image.height) {
    attrs.width = width;
    attrs.height = scaledHeight(image, width);
  }
  return attrs;
}

/** A <picture>: one <source> per extra format (AVIF before WebP), and the fallback <img>. */
export function pictureAttrs(image: LeadImage, resolve: (src: string) => string, preferWidth?: number): PictureAttrs {
  const groups = byFormat(image);
  const fallback = fallbackFormat(groups);
  const sources = SOURCE_ORDER.filter((f) => f !== fallback && groups.has(f)).map((f) => ({
    type: mimeForFormat(f, ''),
    srcset: groups.get(f)!.map((v) => `${resolve(v.src)} ${v.width}w`).join(', '),
  }));
  return { sources, img: imageAttrs(image, resolve, preferWidth) };
}

/** The largest image in a widely supported format (site-absolute or remote), for OpenGraph, JSON-LD and feeds. */
export function largestImage(image: LeadImage): { src: string; width: number | null; height: number | null; format: string | null } {
  const groups = byFormat(image);
  const format = fallbackFormat(groups);
  const largest = format ? groups.get(format)!.at(-1) : undefined;
  if (!largest) return { src: image.src, width: image.width, height: image.height, format: null };
  return { src: largest.src, width: largest.width, height: scaledHeight(image, largest.width) ?? null, format };
}

export function mimeForFormat(format: string | null, src: string): string {
  const ext = (format ?? src.split('?')[0].split('.').pop() ?? '').toLowerCase();
  return ({ webp: 'image/webp', avif: 'image/avif', png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml' } as Record<string, string>)[ext] ?? 'image/jpeg';
}

/** The lead image's caption: its alt text, unless that only says the headline again (sources often set alt to the title). */
export function leadCaption(alt: string, title: string): string | null {
  const plain = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const caption = plain(alt);
  if (!caption) return null;
  const headline = plain(title);
  return caption === headline || headline.includes(caption) || caption.includes(headline) ? null : alt;
}
