import { textStats } from './measure.ts';

// The article follows its headline: the smallest block around the headline that holds some
// paragraphs is where the body is. A body found elsewhere (a column of sidebar boxes, an
// "about me" widget) is not the article, however much prose it holds.

/** Paragraphs (see textStats) the region around the headline must hold: a standfirst is not enough. */
const MIN_REGION_PARAGRAPHS = 2;
const MIN_REGION_CHARS = 300;

/** The smallest ancestor of `headline` holding paragraphs, or null (no headline, or none does). */
export function headlineRegion(headline: Element | null): Element | null {
  if (!headline?.isConnected) return null;
  for (let node = headline.parentElement; node; node = node.parentElement) {
    if (node.localName === 'body' || node.localName === 'html') return null;
    const stats = textStats(node);
    if (stats.paragraphs >= MIN_REGION_PARAGRAPHS && stats.paragraphChars >= MIN_REGION_CHARS) return node;
  }
  return null;
}

/** Whether `el` lies apart from the headline's region: neither inside it nor around it. */
export function apartFromHeadline(el: Element, region: Element | null): boolean {
  return region !== null && !region.contains(el) && !el.contains(region);
}
