import type { PageNames } from '../url/source-name.ts';
import { extractPage, type ExtractedPage, type ExtractOptions, type SiteRule } from '../extract/index.ts';
import type { ArticleRecord, CarriedField } from '../article/schema.ts';
import { htmlToMarkdown, maskProfanity, qualityChecks, sanitizeArticleHtml, stripControlCharacters } from '../clean/index.ts';
import { extractTags, makeExcerpt, readingTime } from '../enrich/index.ts';
import { contentHash, minhashSignature } from '../dedup/index.ts';
import { failure, type Failure, type RejectReason } from '../errors.ts';
import { crashpoint } from '../crashpoint.ts';
import { evaluateRules, NO_RULES, type RuleSet } from '../rules/index.ts';
import { extractionSteps, firstFailure, qualitySteps, ruleSteps, type Trace } from './process-trace.ts';
import { looksLikeAppShell, type ShellVerdict } from '../render/app-shell.ts';

// The pure middle of the pipeline: one fetched HTML page in, one article candidate (or a
// reason why not) out, with the trace of every step's verdict. No network, no disk, no
// database: the pipeline does those around it, and this function can run in a worker thread.

export interface ProcessOptions {
  minWords: number;
  maxWords?: number;
  maskProfanity: boolean;
  /** Skip the quality filters (npm run add --force: the owner vouches for the page); never the extraction or the guards. */
  skipQuality?: boolean;
  /** Bounds on hostile markup (size, tokens, depth); extractPage's defaults when absent. */
  extract?: Pick<ExtractOptions, 'maxInputChars' | 'maxElements' | 'maxDepth'>;
  /** The page's site extraction rule (config.extraction), if any. */
  siteRule?: SiteRule | null;
  /** The block and keep rules of the page's topic and source. */
  rules?: RuleSet;
  /** Other addresses of the page (as a source listed it) that URL rules also look at. */
  otherUrls?: string[];
  /** Evaluate every step even after one failed, and build the candidate anyway when there is text (--explain). */
  evaluateAll?: boolean;
  /**
   * When the page yields no article for want of text, also say whether its HTML is an
   * application shell that rendering may fill (crawl.renderFallback). Here rather than in the
   * pipeline: on hostile markup the check takes long, and in a worker it holds up no fetch.
   */
  checkAppShell?: boolean;
}

/** A processed page: the fields it carries into the state as they are (article/schema.ts), and what the page alone gives. */
export type ArticleCandidate = Pick<ArticleRecord, CarriedField> & {
  strategy: string;
  /** What the page says its site is called (recorded per host when the article is stored). */
  names: PageNames;
  /** As the page declares it: the state keeps the canonical form of the URL (pipeline/accept.ts). */
  canonicalUrl: string | null;
  /** As the page declares it: the state keeps the processed lead image (images/). */
  image: ExtractedPage['image'];
  feeds: ExtractedPage['feeds'];
  text: string;
  minhash: Uint32Array;
};

export type ProcessOutcome =
  | { type: 'article'; article: ArticleCandidate; trace: Trace }
  /** `article` only with options.evaluateAll: what would have been stored. `shell` only with options.checkAppShell. */
  | { type: 'rejected'; reason: RejectReason; detail: string; trace: Trace; article?: ArticleCandidate; shell?: ShellVerdict }
  | { type: 'failed'; failure: Failure; trace: Trace; shell?: ShellVerdict };

export function processPage(html: string, url: string, options: ProcessOptions): ProcessOutcome {
  const outcome = processHtml(html, url, options);
  if (!options.checkAppShell || outcome.type === 'article' || !mayBeUnrendered(outcome)) return outcome;
  return { ...outcome, shell: looksLikeAppShell(html) };
}

/** A page that yielded no article for want of text (not for a limit or a crash): rendering may find one. */
function mayBeUnrendered(outcome: ProcessOutcome): boolean {
  if (outcome.type === 'rejected') return outcome.reason === 'no_article' || outcome.reason === 'too_short' || outcome.reason === 'empty_after_clean';
  return outcome.type === 'failed' && outcome.failure.code === 'E_EXTRACT_EMPTY';
}

function processHtml(html: string, url: string, options: ProcessOptions): ProcessOutcome {
  const trace: Trace = [];
  let page;
  try {
    page = extractPage(html, url, { ...options.extract, rule: options.siteRule ?? null });
  } catch (error) {
    return { type: 'failed', failure: failure('E_EXTRACT_FAILED', `extraction crashed: ${(error as Error).message}`, true), trace };
  }
  crashpoint('process:extracted'); // kill tests only: a no-op unless GLEANER_CRASH_AT names it
  trace.push(...extractionSteps(page));
  if (!page.text.trim()) {
    // A home, contact or listing page read fine and holds no article: a verdict on its content.
    if (page.reason === 'no_article') return { type: 'rejected', reason: 'no_article', detail: `no article on the page (strategy ${page.strategy})`, trace };
    const why = page.reason === 'internal_error' ? ': extraction failed on this markup' : page.reason ? `: the page is over the extraction limit ${page.reason}` : '';
    return { type: 'failed', failure: failure('E_EXTRACT_EMPTY', `no article text found${why}`, true), trace };
  }

  // Rules before the quality filters: a page the owner excluded is rejected as such, whatever else is wrong with it.
  const rules = evaluateRules(options.rules ?? NO_RULES, { url: [url, ...(options.otherUrls ?? [])], title: page.title, author: page.byline ?? '', text: page.text });
  trace.push(...ruleSteps(rules));
  // A page the rules already rejected is not measured further, unless --explain wants every verdict.
  if (!options.skipQuality && (options.evaluateAll || !firstFailure(trace))) trace.push(...qualitySteps(qualityChecks({ title: page.title, text: page.text, lang: page.lang }, { minWords: options.minWords, maxWords: options.maxWords })));
  trace.push({ stage: 'language', name: 'language', verdict: 'info', detail: page.lang ?? 'unknown' });
  const failed = firstFailure(trace);
  if (failed && !options.evaluateAll) return { type: 'rejected', reason: failed.reason!, detail: failed.detail, trace };

  const safeHtml = sanitizeArticleHtml(page.html, { baseUrl: url });
  // Control characters end up in Markdown, YAML and the site's XML feeds, where they do harm.
  const optional = (value: string | null) => (value === null ? null : stripControlCharacters(value));
  // Masking covers the article's own words: title, description, text and body (not names such as author or site).
  const mask = options.maskProfanity ? maskProfanity : (value: string) => value;
  const markdown = mask(stripControlCharacters(htmlToMarkdown(safeHtml)));
  const text = mask(stripControlCharacters(page.text));
  const title = stripControlCharacters(page.title);
  const description = page.description === null ? null : mask(stripControlCharacters(page.description));
  if (!markdown.trim()) {
    trace.push({ stage: 'clean', name: 'sanitize', verdict: 'fail', reason: 'empty_after_clean', detail: 'nothing left after sanitizing the article HTML' });
    const first = firstFailure(trace)!;
    return { type: 'rejected', reason: first.reason!, detail: first.detail, trace };
  }
  trace.push({ stage: 'clean', name: 'sanitize', verdict: 'pass', detail: `${markdown.length} characters of Markdown` });

  const article: ArticleCandidate = {
    title: mask(title),
    description,
    excerpt: makeExcerpt(description, text),
    author: optional(page.byline),
    publishedAt: page.publishedAt,
    modifiedAt: page.modifiedAt,
    lang: page.lang,
    siteName: optional(page.siteName),
    names: page.names,
    favicon: page.favicon,
    canonicalUrl: page.canonicalUrl,
    image: page.image ? { url: page.image.url, alt: optional(page.image.alt) } : null,
    feeds: page.feeds,
    wordCount: page.wordCount,
    readingTime: readingTime(page.wordCount),
    text,
    markdown,
    contentHash: contentHash(text),
    minhash: minhashSignature(text),
    tags: extractTags({ title, text, lang: page.lang }),
    strategy: page.strategy,
  };
  if (failed) return { type: 'rejected', reason: failed.reason!, detail: failed.detail, trace, article };
  return { type: 'article', article, trace };
}
