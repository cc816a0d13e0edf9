import { chooseBody } from './body/index.ts';
import { trimEdges } from './body/edges.ts';
import { removeFactBoxes } from './body/fact-boxes.ts';
import { removeVideoPromos } from './body/video-promos.ts';
import { textStats } from './body/measure.ts';
import { removeBoilerplateLines, removeDuplicateCaptions, removeHeadline, removeLinkDenseBlocks, removeOrphanHeadings } from './body/cleanup.ts';
import { isCaption, removeCreditsAndCounters } from './body/captions.ts';
import { markLooseParagraphs } from './body/paragraphs.ts';
import { removeTeaserBlocks } from './body/teasers.ts';
import { textOf } from './dom.ts';
import { resolveWebUrl } from '../url/index.ts';
import { indexDocument } from './dom-index.ts';
import { scanMarkup } from './limits.ts';
import { readMetadata, type PageMetadata } from './metadata/index.ts';
import { chooseLang } from './metadata/lang.ts';
import { parseDocument } from './parse.ts';
import { removeMatching, selectedBody, selectMatching, type SiteRuleOutcome } from './site-rule.ts';
import { countWords } from '../text/index.ts';
import { toText } from './text.ts';
import { DEFAULT_LIMITS, type ExtractedPage, type ExtractOptions, type LeadImage } from './types.ts';

export type { ExtractedPage, ExtractOptions, FeedLink, FeedType, LeadImage, LimitReason } from './types.ts';
export type { SiteRule, SiteRuleOutcome } from './site-rule.ts';
export { DEFAULT_LIMITS } from './types.ts';

/**
 * The readable article and its metadata from one HTML page. Pure (no network, disk or clock) and
 * total: it never throws; on hostile or broken input it returns an empty body with
 * `strategy: 'none'` and a `reason`.
 */
export function extractPage(html: string, url: string, options: ExtractOptions = {}): ExtractedPage {
  const limits = {
    maxInputChars: options.maxInputChars ?? DEFAULT_LIMITS.maxInputChars,
    maxElements: options.maxElements ?? DEFAULT_LIMITS.maxElements,
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
  };
  const defaultLang = options.defaultLang ?? null;
  try {
    const scanned = scanMarkup(typeof html === 'string' ? html : '', limits);
    if ('reason' in scanned) return emptyPage(scanned.reason, defaultLang);
    const source = scanned.html;
    const rule = options.rule ?? null;
    const outcome: SiteRuleOutcome | undefined = rule ? { site: rule.site, removed: 0 } : undefined;
    const parse = (): Document => {
      const parsed = parseDocument(source);
      if (rule?.remove.length) outcome!.removed = removeMatching(parsed, rule.remove);
      return parsed;
    };
    const doc = parse();
    const index = indexDocument(doc.documentElement);
    // The scan estimates depth; the parsed tree is the truth (misnested markup can differ).
    if (index.maxDepth > limits.maxDepth) return emptyPage('max_depth', defaultLang);
    const meta = readMetadata(doc, index, url);
    const selected = rule?.select ? selectMatching(doc, rule.select) : [];
    const useSelected = selected.some((el) => textOf(el) !== '');
    if (rule?.select) {
      outcome!.select = { selector: rule.select, matched: selected.length, used: useSelected };
      if (!useSelected) outcome!.select.note = selected.length ? `its ${selected.length} element(s) hold no text` : 'it matches nothing on this page';
    }
    const body = useSelected
      ? { root: selectedBody(doc, selected), strategy: 'rule' }
      : chooseBody(doc, index, {
          headline: meta.headline,
          jsonLdBody: meta.jsonLdBody,
          reparse: () => {
            const fresh = parse();
            return { doc: fresh, index: indexDocument(fresh.documentElement) };
          },
        });
    let text = '';
    let bodyHtml = '';
    if (body.strategy === 'rule' && body.root) {
      // The site's rule named the body: only the headline repeated at its top is taken out.
      removeHeadline(body.root, meta.title);
      text = articleText(body.root);
      bodyHtml = text ? body.root.innerHTML.trim() : '';
    } else if (body.root) {
      markLooseParagraphs(body.root);
      removeHeadline(body.root, meta.title);
      removeTeaserBlocks(body.root);
      removeFactBoxes(body.root);
      removeVideoPromos(body.root);
      removeLinkDenseBlocks(body.root);
      removeCreditsAndCounters(body.root);
      removeBoilerplateLines(body.root);
      removeDuplicateCaptions(body.root);
      trimEdges(body.root);
      removeOrphanHeadings(body.root);
      if (looksLikeArticle(body.root)) {
        text = articleText(body.root);
        bodyHtml = text ? body.root.innerHTML.trim() : '';
      }
    }
    const wordCount = countWords(text);
    return {
      ...metadataFields(meta),
      text,
      html: bodyHtml,
      lang: chooseLang(meta.declaredLang, text, wordCount) ?? defaultLang,
      image: meta.image ?? firstImage(body.root, url),
      wordCount,
      strategy: text ? body.strategy : 'none',
      ...(text ? {} : { reason: 'no_article' as const }),
      ...(outcome ? { rule: outcome } : {}),
    };
  } catch {
    return emptyPage('internal_error', defaultLang);
  }
}

/**
 * What is left must read like an article: some prose outside links, or pictures with a caption
 * (an image post). Link lists, login forms and error pages come out as no article.
 */
function looksLikeArticle(root: Element): boolean {
  const stats = textStats(root);
  if (stats.chars === 0) return false;
  if (stats.linkChars / stats.chars > MAX_LINK_DENSITY) return false;
  if (stats.chars - stats.linkChars >= MIN_PROSE_CHARS) return true;
  return root.querySelector('img, picture, video') !== null;
}

const MAX_LINK_DENSITY = 0.6;
const MIN_PROSE_CHARS = 50;

/**
 * The body's text without its captions (they stay in the HTML, with their images), unless the
 * captions are most of the text: then the page is a photo story or an image post, told in them.
 */
function articleText(root: Element): string {
  let hasCaptions = false;
  const prose = toText(root, (el) => isCaption(el) && (hasCaptions = true));
  if (!hasCaptions) return prose;
  const withCaptions = toText(root);
  return prose.length >= withCaptions.length * MIN_PROSE_SHARE ? prose : withCaptions;
}

const MIN_PROSE_SHARE = 0.5;

function metadataFields(meta: PageMetadata) {
  return {
    title: meta.title,
    description: meta.description,
    byline: meta.authors.length > 0 ? meta.authors.join(', ') : null,
    authors: meta.authors,
    siteName: meta.siteName,
    names: meta.names,
    publishedAt: meta.publishedAt,
    modifiedAt: meta.modifiedAt,
    favicon: meta.favicon,
    canonicalUrl: meta.canonicalUrl,
    feeds: meta.feeds,
  };
}

function firstImage(root: Element | null, base: string): LeadImage | null {
  if (!root) return null;
  for (const img of Array.from(root.getElementsByTagName('img')).slice(0, 20)) {
    const width = Number(img.getAttribute('width') ?? '0');
    const height = Number(img.getAttribute('height') ?? '0');
    // Tracking pixels and icons are not lead images.
    if ((width > 0 && width < 100) || (height > 0 && height < 80)) continue;
    const url = resolveWebUrl(img.getAttribute('src') ?? img.getAttribute('data-src'), base);
    if (url) return { url, alt: img.getAttribute('alt')?.trim() || null };
  }
  return null;
}

function emptyPage(reason: NonNullable<ExtractedPage['reason']>, lang: string | null): ExtractedPage {
  return {
    title: '',
    text: '',
    html: '',
    description: null,
    byline: null,
    authors: [],
    siteName: null,
    names: { siteName: null, applicationName: null, titleSuffix: null },
    lang,
    publishedAt: null,
    modifiedAt: null,
    image: null,
    favicon: null,
    canonicalUrl: null,
    feeds: [],
    wordCount: 0,
    strategy: 'none',
    reason,
  };
}

// The text rendering and date parsing extractPage uses (its tests check them directly).
export { toText } from './text.ts';
export { normalizeDate } from './metadata/dates.ts';
