import { ELEMENT_NODE, TEXT_NODE, tagOf, walk } from '../dom.ts';

// Text-density fallback: the smallest element that holds most of the page's prose. Prose is
// paragraph-like text outside links; after pruning, the article is where it concentrates.

const PARAGRAPH = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'td', 'h2', 'h3', 'h4']);
const REGION = new Set(['div', 'section', 'article', 'main', 'td', 'body', 'center', 'font', 'span', 'form']);
const SHARE_OF_PROSE = 0.8;
const MIN_PROSE = 250;

interface Tally {
  el: Element;
  prose: number;
}

/** Prose characters per region element, counted in one bottom-up pass. */
function tallyProse(root: Element): Tally[] {
  const regions: Tally[] = [];
  const stack: Array<{ el: Element; prose: number; paragraph: boolean }> = [{ el: root, prose: 0, paragraph: false }];
  let inLink = 0;
  let paragraphDepth = 0;
  let pending = 0;
  walk(
    root,
    (node) => {
      if (node.nodeType === TEXT_NODE) {
        if (inLink > 0) return false;
        const length = (node as Text).data.replace(/\s+/g, ' ').trim().length;
        // Text outside paragraph markup (<div>text<br><br>text</div>) counts when sentence-long.
        if (paragraphDepth > 0) pending += length;
        else if (length >= 60) stack[stack.length - 1].prose += length;
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      const tag = tagOf(node as Element);
      if (tag === 'a') inLink++;
      const paragraph = PARAGRAPH.has(tag);
      if (paragraph && paragraphDepth++ === 0) pending = 0;
      stack.push({ el: node as Element, prose: 0, paragraph });
      return true;
    },
    (el) => {
      const top = stack.pop()!;
      const tag = tagOf(el);
      if (tag === 'a') inLink--;
      if (top.paragraph && --paragraphDepth === 0) {
        // A paragraph counts when it reads like one: a sentence's worth of non-link text.
        if (pending >= 60) top.prose += pending;
        pending = 0;
      }
      const parent = stack[stack.length - 1];
      parent.prose += top.prose;
      if (REGION.has(tag)) regions.push({ el, prose: top.prose });
    },
  );
  regions.push({ el: root, prose: stack[0].prose });
  return regions;
}

export function densestRegion(body: Element): Element | null {
  const regions = tallyProse(body);
  const total = regions[regions.length - 1].prose;
  if (total < MIN_PROSE) return null;
  // Regions are listed children-first: the first one over the bar is the smallest.
  for (const region of regions) {
    if (region.prose >= total * SHARE_OF_PROSE) return region.el;
  }
  return body;
}
