import { remove } from './dom.ts';

// A site's extraction rule (config.extraction), applied to the parsed page: `remove` takes
// elements out before anything reads the page; `select` names the body instead of the strategy
// chain. Selectors were checked by the config schema with this same DOM.

export interface SiteRule {
  site: string;
  select?: string;
  remove: string[];
}

/** What the rule did, for the page's explanation. */
export interface SiteRuleOutcome {
  site: string;
  /** Elements the `remove` selectors took out. */
  removed: number;
  /** With a `select` selector: how many elements it matched, and whether they became the body (false: automatic extraction ran instead, see `note`). */
  select?: { selector: string; matched: number; used: boolean; note?: string };
}

export function removeMatching(doc: Document, selectors: readonly string[]): number {
  let removed = 0;
  for (const selector of selectors) {
    for (const el of Array.from(doc.querySelectorAll(selector))) {
      // An element inside one removed earlier is already gone.
      if (!doc.documentElement.contains(el)) continue;
      remove(el);
      removed++;
    }
  }
  return removed;
}

/** The elements `selector` matches, outermost only (a match inside another adds nothing), in page order. */
export function selectMatching(doc: Document, selector: string): Element[] {
  const matches = Array.from(doc.querySelectorAll(selector));
  const set = new Set(matches);
  return matches.filter((el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (set.has(p)) return false;
    return true;
  });
}

/** One element holding the selected ones: the element itself, or a <div> they are moved into. */
export function selectedBody(doc: Document, elements: Element[]): Element {
  if (elements.length === 1) return elements[0]!;
  const wrapper = doc.createElement('div');
  for (const el of elements) wrapper.appendChild(el);
  return wrapper;
}
