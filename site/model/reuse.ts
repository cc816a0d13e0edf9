import type { Config } from '../../crawler/config/index.ts';
import type { ReuseMode } from '../../crawler/config/schema.ts';
import { countWords, sentenceSegmenter } from '../../crawler/text/index.ts';
import { parseFragment } from '../../crawler/clean/dom.ts';
import { escapeHtml } from '../html/html.ts';
import { sourceHost } from '../../crawler/url/source-host.ts';

/** Sources and articles are matched by the one host rule the source pages use. */
const sourceHostOrEmpty = (url: string): string => sourceHost(url) ?? '';

// How much of an article the site republishes (config: a source's `mode`, else its topic's, else
// publish.mode). Resolved at build time from the config by the article's own URL, never stored in
// its frontmatter: an owner who turns a source from full to excerpt after a complaint changes
// every page already published from it with the next build (page keys carry the mode, so only
// those pages are rendered again).

export type { ReuseMode };

/** What the mode depends on: the part of the config a build (and the data worker) reads. Plain data. */
export interface ReuseConfig {
  mode: ReuseMode;
  topics: Array<{ slug: string; mode: ReuseMode | null; sources: Array<{ host: string; mode: ReuseMode }> }>;
}


export function reuseConfig(config: Config): ReuseConfig {
  return {
    mode: config.publish.mode,
    topics: config.topics.map((topic) => ({
      slug: topic.slug,
      mode: topic.mode ?? null,
      sources: topic.sources.flatMap((source) => ('url' in source && 'mode' in source && source.mode ? [{ host: sourceHostOrEmpty(source.url), mode: source.mode }] : [])),
    })),
  };
}

const STRICTNESS: Record<ReuseMode, number> = { full: 0, excerpt: 1, link: 2 };

/**
 * An article's mode: the mode of the source in its topic whose host is the article's (or a parent
 * of it: a feed on example.com covers blog.example.com), the strictest when several match; else
 * the topic's; else the site's. Sources are matched by host because an article records only
 * where it was fetched: a feed served from another host (a feed proxy) is covered by its topic's mode.
 */
export function articleMode(reuse: ReuseConfig, article: { topic: string; url: string }): ReuseMode {
  return hostMode(reuse, article.topic, sourceHostOrEmpty(article.url));
}

/** articleMode for an article whose source host (sourceHost of its url, '' for none) is known. */
function hostMode(reuse: ReuseConfig, topicSlug: string, host: string): ReuseMode {
  const topic = reuse.topics.find((t) => t.slug === topicSlug);
  if (!topic) return reuse.mode;
  let found: ReuseMode | null = null;
  for (const source of topic.sources) {
    if (!source.host || !(host === source.host || host.endsWith(`.${source.host}`))) continue;
    if (found === null || STRICTNESS[source.mode] > STRICTNESS[found]) found = source.mode;
  }
  return found ?? topic.mode ?? reuse.mode;
}

const memo = new WeakMap<Config, ReuseConfig>();

/** articleMode for a config the build holds (its ReuseConfig made once), of an article in `topic` from source `host` (the site index has read it). */
export function modeOf(config: Config, topic: string, host: string | null): ReuseMode {
  let reuse = memo.get(config);
  if (!reuse) memo.set(config, (reuse = reuseConfig(config)));
  return hostMode(reuse, topic, host ?? '');
}

/** The excerpt's size: quotation-size, cut only between paragraphs. */
export const EXCERPT_LIMITS = { paragraphs: 2, minWords: 80, maxWords: 120 };

/**
 * How many lead paragraphs (given their word counts) an excerpt shows: whole paragraphs until it
 * has `paragraphs` of them or `minWords` words, never passing `maxWords`. `shorten` says the first
 * paragraph alone is over `maxWords` and must be cut (at a sentence) to fit.
 */
export function excerptLength(paragraphWords: number[], limits = EXCERPT_LIMITS): { paragraphs: number; shorten: boolean } {
  let taken = 0;
  let words = 0;
  for (const n of paragraphWords) {
    if (taken >= limits.paragraphs || words >= limits.minWords) break;
    if (words + n > limits.maxWords) break;
    taken++;
    words += n;
  }
  if (taken === 0 && paragraphWords.length > 0) return { paragraphs: 1, shorten: true };
  return { paragraphs: taken, shorten: false };
}

/** The whole sentences of `text` that fit in `maxWords`; a first sentence longer than that is cut at a word, with "…". */
export function leadSentences(text: string, maxWords: number): string {
  let out = '';
  let words = 0;
  for (const { segment } of sentenceSegmenter().segment(text)) {
    const n = countWords(segment);
    if (words + n > maxWords) break;
    out += segment;
    words += n;
  }
  if (out.trim()) return out.trim();
  const cut = (text.match(/\S+/g) ?? []).slice(0, maxWords).join(' ');
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** An article body's excerpt (HTML in, HTML out): its lead paragraphs by the rule of excerptLength. Lists, images, code and tables are not quoted. */
export function excerptHtml(html: string, limits = EXCERPT_LIMITS): string {
  const { root } = parseFragment(html);
  const paragraphs = [...root.children].filter((el) => el.tagName.toLowerCase() === 'p' && (el.textContent ?? '').trim() !== '');
  const { paragraphs: count, shorten } = excerptLength(
    paragraphs.map((p) => countWords(p.textContent ?? '')),
    limits,
  );
  if (shorten) return `<p>${escapeHtml(leadSentences((paragraphs[0]!.textContent ?? '').replace(/\s+/g, ' ').trim(), limits.maxWords))}</p>`;
  return paragraphs
    .slice(0, count)
    .map((p) => p.outerHTML)
    .join('\n');
}

/** What of an article's body (`html`) its page, AMP page, feeds, search and data carry in `mode`. */
export function shownBody(mode: ReuseMode, html: string): string {
  return mode === 'full' ? html : mode === 'excerpt' ? excerptHtml(html) : '';
}
