// Small helpers shared by the sample web's templates, feeds and sitemaps.
import { createHash } from 'node:crypto';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML and XML content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Wraps text in CDATA, splitting any `]]>` it contains. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

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

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
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

/** Words as a reader (and a crawler's minWords filter) would count them. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** Text content of an HTML fragment, good enough for word counts and search. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
