// Small helpers shared by the sample web's templates, feeds and sitemaps.
import { createHash } from 'node:crypto';
import { slugify as slugText } from '../../../crawler/text/slug.ts';

// Escaping, CDATA and text extraction are the site's own; words are counted as the crawler's
// quality filter counts them, so an article's word count here is the one minWords judges.
export { escapeHtml as esc, htmlToText } from '../../../site/html/html.ts';
export { cdata } from '../../../site/outputs/xml.ts';
export { countWords } from '../../../crawler/text/index.ts';

export function sha1(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}

/** A stable unsigned 32-bit number derived from a string: picks boilerplate without randomness. */
export function hashNumber(text: string): number {
  return Number.parseInt(sha1(text).slice(0, 8), 16);
}

/** Picks `count` distinct items from a list, deterministically for a given seed string. */
export function pickStable<T>(items: readonly T[], count: number, seed: string): T[] {
  const ranked = items.map((item, i) => ({ item, rank: hashNumber(`${seed}#${i}`) }));
  ranked.sort((a, b) => a.rank - b.rank);
  return ranked.slice(0, Math.min(count, items.length)).map((r) => r.item);
}

/** The sample blogs' slugs for anchors, tags and forum topics ("what's new" → "what-s-new"). */
export function slugify(text: string): string {
  return slugText(text, { apostropheSeparates: true });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "14 September 2026" */
export function longDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "September 14, 2026" */
export function usDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** "2026-09-14" */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 3_600_000);
}
