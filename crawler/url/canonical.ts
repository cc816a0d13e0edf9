import { normalizeUrl } from './normalize.ts';
import { SITE_RULES } from './site-rules.ts';

const MAX_ROUNDS = 8;

/**
 * The address a page is best known by: Reddit on old.reddit.com, YouTube as watch?v=ID,
 * mobile and AMP variants on their main host. Input is a normalizeUrl() result; the output is
 * normalized too (so `watch?t=30&v=ID`: query parameters stay sorted).
 */
export function canonicalUrl(url: string): string {
  let current = URL.parse(url);
  if (!current) return url;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const rule of SITE_RULES) {
      const next = rule.apply(current);
      if (next && next.href !== current.href) {
        current = next;
        changed = true;
      }
    }
    if (!changed) break;
  }
  // The input already passed the caller's policy; a rewrite only moves it to a well-known public host.
  const result = normalizeUrl(current.href, { policy: { allowPrivate: true } });
  return result.ok ? result.url : url;
}
