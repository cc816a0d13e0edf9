import { extractPage, type ExtractOptions } from './extract/index.ts';
import { checkQuality, htmlToMarkdown, maskProfanity, sanitizeArticleHtml, stripControlCharacters } from './clean/index.ts';
import { extractTags, makeExcerpt, readingTime } from './enrich/index.ts';
import { contentHash, minhashSignature } from './dedup/index.ts';
import { failure, type Failure, type RejectReason } from './errors.ts';
import { crashpoint } from './crashpoint.ts';

// The pure middle of the pipeline: one fetched HTML page in, one article candidate (or a
// reason why not) out. No network, no disk, no database: the pipeline does those around it,
// and this function can run in a worker thread.

export interface ProcessOptions {
  minWords: number;
  maxWords?: number;
  maskProfanity: boolean;
  /** Skip the quality filters (npm run add --force: the owner vouches for the page); never the extraction or the guards. */
  skipQuality?: boolean;
  /** Bounds on hostile markup (size, tokens, depth); extractPage's defaults when absent. */
  extract?: Pick<ExtractOptions, 'maxInputChars' | 'maxElements' | 'maxDepth'>;
}

export interface ArticleCandidate {
  title: string;
  description: string | null;
  excerpt: string;
  author: string | null;
  publishedAt: string | null;
  modifiedAt: string | null;
  lang: string | null;
  siteName: string | null;
  favicon: string | null;
  canonicalUrl: string | null;
  image: { url: string; alt: string | null } | null;
  feeds: Array<{ url: string; type: string; title: string | null }>;
  wordCount: number;
  readingTime: number;
  text: string;
  markdown: string;
  contentHash: string;
  minhash: Uint32Array;
  tags: string[];
  strategy: string;
}

export type ProcessOutcome =
  | { type: 'article'; article: ArticleCandidate }
  | { type: 'rejected'; reason: RejectReason; detail: string }
  | { type: 'failed'; failure: Failure };

export function processPage(html: string, url: string, options: ProcessOptions): ProcessOutcome {
  let page;
  try {
    page = extractPage(html, url, options.extract ?? {});
  } catch (error) {
    return { type: 'failed', failure: failure('E_EXTRACT_FAILED', `extraction crashed: ${(error as Error).message}`, true) };
  }
  crashpoint('process:extracted'); // kill tests only: a no-op unless GLEANER_CRASH_AT names it
  if (!page.text.trim()) {
    // A home, contact or listing page read fine and holds no article: a verdict on its content.
    if (page.reason === 'no_article') return { type: 'rejected', reason: 'no_article', detail: `no article on the page (strategy ${page.strategy})` };
    const why = page.reason === 'internal_error' ? ': extraction failed on this markup' : page.reason ? `: the page is over the extraction limit ${page.reason}` : '';
    return { type: 'failed', failure: failure('E_EXTRACT_EMPTY', `no article text found${why}`, true) };
  }

  const verdict = options.skipQuality ? { ok: true as const } : checkQuality({ title: page.title, text: page.text, lang: page.lang }, { minWords: options.minWords, maxWords: options.maxWords });
  if (!verdict.ok) return { type: 'rejected', reason: verdict.reason, detail: verdict.detail };

  const safeHtml = sanitizeArticleHtml(page.html, { baseUrl: url });
  // Control characters end up in Markdown, YAML and the site's XML feeds, where they do harm.
  const optional = (value: string | null) => (value === null ? null : stripControlCharacters(value));
  // Masking covers the article's own words: title, description, text and body (not names such as author or site).
  const mask = options.maskProfanity ? maskProfanity : (value: string) => value;
  const markdown = mask(stripControlCharacters(htmlToMarkdown(safeHtml)));
  const text = mask(stripControlCharacters(page.text));
  const title = stripControlCharacters(page.title);
  const description = page.description === null ? null : mask(stripControlCharacters(page.description));
  if (!markdown.trim()) return { type: 'rejected', reason: 'empty_after_clean', detail: 'nothing left after sanitizing the article HTML' };

  return {
    type: 'article',
    article: {
      title: mask(title),
      description,
      excerpt: makeExcerpt(description, text),
      author: optional(page.byline),
      publishedAt: page.publishedAt,
      modifiedAt: page.modifiedAt,
      lang: page.lang,
      siteName: optional(page.siteName),
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
    },
  };
}
