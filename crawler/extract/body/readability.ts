import { Readability } from '@mozilla/readability';

/**
 * Mozilla Readability on the (already pruned) document. It mutates the document it gets, so run
 * it after every other strategy has looked at the tree. Returns the article element, or null.
 */
export function readabilityArticle(doc: Document): Element | null {
  try {
    const reader = new Readability<Element>(doc, {
      // Our metadata stage reads JSON-LD itself; skipping it here saves a pass.
      disableJSONLD: true,
      keepClasses: true,
      serializer: (node) => node as Element,
    });
    const article = reader.parse();
    return article?.content ?? null;
  } catch {
    return null;
  }
}
