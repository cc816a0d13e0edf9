import sanitizeHtml from 'sanitize-html';
import { parseFragment } from './dom.ts';
import { resolveImages } from './images.ts';
import { DEFAULT_DATA_IMAGE_BYTES, sanitizeOptions } from './policy.ts';
import { resolveAllUrls } from './resolve-urls.ts';
import { demoteH1, dropElements, embedsToLinks, flattenContainers, normalizeCodeBlocks, summariesToParagraphs } from './structure.ts';
import { tidy } from './tidy.ts';

export interface SanitizeOptions {
  /** The page's URL: every href and src is made absolute against it. */
  baseUrl: string;
  /** Largest inline `data:` image (decoded bytes) that is kept. Default 4096. */
  allowDataImagesUpTo?: number;
}

/**
 * Makes extracted article HTML safe and tidy:
 * 1. parse; resolve every URL against `baseUrl` (before anything else);
 * 2. choose real image URLs (lazy loading, srcset, picture, noscript), turn embeds into links,
 *    drop scripts, forms, navigation and foreign content, demote h1, normalize code blocks,
 *    and replace meaningless containers with paragraphs;
 * 3. apply the sanitize-html allowlist (tags, attributes, URL schemes; rel on links);
 * 4. tidy the empty elements and wrappers step 3 left behind;
 * 5. run the allowlist again, so the string returned is always sanitize-html's own output.
 */
export function sanitizeArticleHtml(html: string, options: SanitizeOptions): string {
  const maxDataImageBytes = options.allowDataImagesUpTo ?? DEFAULT_DATA_IMAGE_BYTES;
  const policy = sanitizeOptions(maxDataImageBytes);

  const first = parseFragment(html);
  resolveAllUrls(first.root, options.baseUrl);
  resolveImages(first.document, first.root, { maxDataImageBytes });
  embedsToLinks(first.document, first.root);
  dropElements(first.root);
  demoteH1(first.document, first.root);
  summariesToParagraphs(first.document, first.root);
  normalizeCodeBlocks(first.document, first.root);
  flattenContainers(first.document, first.root);

  const allowed = sanitizeHtml(first.root.innerHTML, policy);

  const second = parseFragment(allowed);
  tidy(second.document, second.root);
  return sanitizeHtml(second.root.innerHTML, policy).trim();
}
