import { htmlToText } from '../../clean/html-text.ts';
import { ELEMENT_NODE, walk } from '../dom.ts';
import { tagged, type DocIndex } from '../dom-index.ts';
import { findContainer } from './containers.ts';
import { headlineRegion } from './headline-region.ts';
import { densestRegion } from './density.ts';
import { jsonLdElement } from './jsonld-body.ts';
import { markBreakParagraphs } from './paragraphs.ts';
import { textStats } from './measure.ts';
import { pruneDocument } from './prune.ts';
import { readabilityArticle } from './readability.ts';
import { findSplitBody } from './split-body.ts';
import { LEVEL_ARTICLE } from './vocabulary.ts';

export type BodyStrategy = 'container' | 'readability' | 'json-ld' | 'density' | 'fallback' | 'none';

export interface BodyInput {
  headline: Element | null;
  jsonLdBody: string | null;
  /** A fresh parse of the same page (Readability consumes the first one); used only when it fails. */
  reparse: () => { doc: Document; index: DocIndex };
}

export interface BodyChoice {
  root: Element | null;
  strategy: BodyStrategy;
}

/** Readability output shorter than this (non-link characters) counts as a miss. */
const MIN_READABILITY_CHARS = 200;
/** Past this many elements (after pruning) Readability takes seconds; see readabilityWorthRunning. */
const MAX_READABILITY_ELEMENTS = 15_000;
/** A JSON-LD body this long replaces a DOM body holding less than half of it (paywalls, JS pages). */
const MIN_JSON_LD_CHARS = 400;

export function containerCandidates(index: DocIndex): Element[] {
  return [...new Set([...index.named, ...index.itemprops, ...tagged(index, 'article'), ...tagged(index, 'main')])];
}

/**
 * The strategy chain. An explicitly marked article container (schema.org articleBody, a CMS body
 * class, a post wrapper, <article>) is used as is: on such pages it beats Readability, which then
 * need not run. Otherwise Readability on the pruned page; then a generic <main>/#content
 * container; then the densest prose region; then the whole pruned body. A long JSON-LD
 * articleBody overrides a DOM body that holds much less text.
 */
export function chooseBody(doc: Document, index: DocIndex, input: BodyInput): BodyChoice {
  prepare(doc, index, input.headline);
  const dom = domBody(doc, index, input);
  return withJsonLd(doc, dom, input.jsonLdBody);
}

function prepare(doc: Document, index: DocIndex, headline: Element | null): void {
  pruneDocument(doc, index, { headline });
  if (doc.body) markBreakParagraphs(doc.body, index);
}

function domBody(doc: Document, index: DocIndex, input: BodyInput): BodyChoice {
  const container = findContainer(containerCandidates(index));
  if (container && container.level <= LEVEL_ARTICLE) return { root: container.element, strategy: 'container' };

  const body = doc.body;
  if (!body) return { root: container?.element ?? null, strategy: container ? 'container' : 'none' };
  const split = findSplitBody(index.named, body, headlineRegion(input.headline));
  if (split) return { root: split, strategy: 'container' };
  if (readabilityWorthRunning(body)) {
    // Readability rewrites the live tree: keep a copy of the generic container to fall back on.
    const generic = container ? (container.element.cloneNode(true) as Element) : null;
    const readability = readabilityArticle(doc);
    if (readability && proseChars(readability) >= MIN_READABILITY_CHARS) return { root: readability, strategy: 'readability' };
    if (generic) return { root: generic, strategy: 'container' };
    const fresh = input.reparse();
    prepare(fresh.doc, fresh.index, null);
    const freshBody = fresh.doc.body;
    const dense = freshBody ? densestRegion(freshBody) : null;
    if (dense) return { root: dense, strategy: 'density' };
    if (readability) return { root: readability, strategy: 'readability' };
    return { root: freshBody, strategy: freshBody ? 'fallback' : 'none' };
  }
  if (container) return { root: container.element, strategy: 'container' };
  const dense = densestRegion(body);
  return dense ? { root: dense, strategy: 'density' } : { root: body, strategy: 'fallback' };
}

/**
 * Readability's cost grows faster than the page (it rescans the tree per candidate and retries up
 * to five times): past some thousands of elements it takes seconds. Larger pages go to the linear
 * strategies instead.
 */
function readabilityWorthRunning(body: Element): boolean {
  let elements = 0;
  walk(body, (node) => node.nodeType === ELEMENT_NODE && ++elements <= MAX_READABILITY_ELEMENTS);
  return elements <= MAX_READABILITY_ELEMENTS;
}

function withJsonLd(doc: Document, dom: BodyChoice, articleBody: string | null): BodyChoice {
  if (!articleBody) return dom;
  const ldChars = htmlToText(articleBody).length;
  if (ldChars < MIN_JSON_LD_CHARS) return dom;
  if (dom.root && proseChars(dom.root) >= ldChars * 0.5) return dom;
  return { root: jsonLdElement(doc, articleBody), strategy: 'json-ld' };
}

function proseChars(root: Element): number {
  const stats = textStats(root);
  return stats.chars - stats.linkChars;
}
