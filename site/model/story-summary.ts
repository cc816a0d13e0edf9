import { sentenceSegmenter, stopwordsWithEnglish, termTokens } from '../../crawler/text/index.ts';

// A story's summary, extractive: one to three sentences taken verbatim from its tellings, the
// ones whose content most of the other tellings share. Each sentence keeps its outlet's credit;
// nothing is rewritten and no model is involved. Pure: texts in, sentences out.

export interface SummaryInput<T> {
  /** Who told it: the credit a chosen sentence carries (an article). */
  teller: T;
  /** One outlet's key (story-sources.ts: host, else name): an outlet's second piece is not a second witness. */
  outlet: string;
  /** The telling's body as plain text, paragraphs separated by newlines. */
  text: string;
  lang: string | null;
  /** Whether its sentences may be quoted (reuse.ts: a source the site only links to is a witness, never quoted). */
  quotable?: boolean;
}

export interface SummarySentence<T> {
  text: string;
  teller: T;
  /** How many other outlets share its content words, summed over them as fractions (0…outlets − 1). */
  score: number;
}

/** A sentence worth quoting: long enough to say something, short enough to read. */
const MIN_WORDS = 6;
const MIN_CHARS = 40;
const MAX_CHARS = 320;
/** A sentence must be shared, on average, by at least this much of one other outlet. */
const MIN_SCORE = 0.5;
/** A second or third sentence must score at least this share of the best one's: weaker ones dilute it. */
const RELATIVE = 0.75;
/** Two chosen sentences sharing more than this of their content words say the same thing. */
const MAX_OVERLAP = 0.5;

/**
 * An outlet's first tellings stand for it: a story told hundreds of times is summarised from at
 * most this many per outlet (its second piece is no second witness anyway), so the bodies read
 * for a summary, and its cost, stop growing with the story.
 */
export const TELLINGS_PER_OUTLET = 3;

/** The tellings a summary weighs: each outlet's first `perOutlet`, in the order given (the order they were told). */
export function summarizedTellings<T>(told: readonly T[], outletOf: (telling: T) => string, perOutlet = TELLINGS_PER_OUTLET): T[] {
  const heard = new Map<string, number>();
  return told.filter((telling) => {
    const outlet = outletOf(telling);
    const n = heard.get(outlet) ?? 0;
    heard.set(outlet, n + 1);
    return n < perOutlet;
  });
}

function contentWords(text: string, stop: Set<string>): Set<string> {
  return new Set(termTokens(text).filter((w) => !stop.has(w)));
}

/** The sentences of a text, trimmed, paragraph by paragraph (a heading never joins the sentence after it). */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    for (const s of sentenceSegmenter().segment(paragraph.replace(/\s+/g, ' ').trim())) {
      const sentence = s.segment.trim();
      if (sentence) out.push(sentence);
    }
  }
  return out;
}

/**
 * At most `max` sentences, best first: each sentence of each telling scores, for every other
 * outlet, the share of its content words (termTokens minus the language's stopwords) that
 * outlet's text contains; the score is the sum. A sentence too short, too long, not ending like
 * a sentence, or shared by too little (absolutely, or next to the best) is left out, as is one
 * repeating a chosen sentence.
 * Fewer than two outlets: nothing to agree on, no summary.
 */
export function storySummary<T>(tellings: readonly SummaryInput<T>[], max = 3): SummarySentence<T>[] {
  const outlets = new Map<string, Set<string>>();
  for (const t of tellings) {
    const words = outlets.get(t.outlet) ?? new Set<string>();
    for (const w of contentWords(t.text, stopwordsWithEnglish(t.lang))) words.add(w);
    outlets.set(t.outlet, words);
  }
  if (outlets.size < 2) return [];
  const candidates: Array<SummarySentence<T> & { words: Set<string>; order: number }> = [];
  let order = 0;
  const seen = new Set<string>();
  for (const t of tellings) {
    if (t.quotable === false) continue;
    const stop = stopwordsWithEnglish(t.lang);
    for (const text of sentencesOf(t.text)) {
      order++;
      if (text.length < MIN_CHARS || text.length > MAX_CHARS || !/[.!?。！？]["'”’»)]?$/u.test(text) || seen.has(text)) continue;
      const words = contentWords(text, stop);
      if (words.size < MIN_WORDS) continue;
      seen.add(text);
      let score = 0;
      for (const [outlet, theirs] of outlets) {
        if (outlet === t.outlet) continue;
        let shared = 0;
        for (const w of words) if (theirs.has(w)) shared++;
        score += shared / words.size;
      }
      if (score >= MIN_SCORE) candidates.push({ text, teller: t.teller, score, words, order });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: typeof candidates = [];
  for (const c of candidates) {
    if (chosen.length >= max || c.score < candidates[0]!.score * RELATIVE) break;
    const repeats = chosen.some((o) => {
      let shared = 0;
      for (const w of c.words) if (o.words.has(w)) shared++;
      return shared / Math.min(c.words.size, o.words.size) > MAX_OVERLAP;
    });
    if (!repeats) chosen.push(c);
  }
  return chosen.map(({ text, teller, score }) => ({ text, teller, score }));
}
