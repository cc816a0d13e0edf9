import type { ExtractionRule } from '../config/rules.ts';

export interface SiteExtractionRule extends ExtractionRule {
  /** The host the rule is written for (a key of config.extraction). */
  site: string;
}

/** The extraction rule for a page: the longest configured host that is the page's host or a parent of it. */
export function extractionRuleFor(rules: Readonly<Record<string, ExtractionRule>>, url: string): SiteExtractionRule | null {
  const host = URL.parse(url)?.hostname.toLowerCase();
  if (!host) return null;
  let best: string | null = null;
  for (const site of Object.keys(rules)) {
    if ((host === site || host.endsWith(`.${site}`)) && (!best || site.length > best.length)) best = site;
  }
  return best ? { site: best, ...rules[best]! } : null;
}
