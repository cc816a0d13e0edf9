import { NOISE_PHRASES, type NoisePhrase } from './noise-phrases.ts';
import { countWords, segmentWords } from '../text/index.ts';

export interface NoiseMatch {
  phrase: NoisePhrase;
  index: number;
  length: number;
}

const byPhrase = new Map(NOISE_PHRASES.map((p) => [p.phrase, p]));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Longest phrases first, so "sign in to continue" wins over "sign in". */
const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...byPhrase.keys()]
    .sort((a, b) => b.length - a.length)
    .map((p) => escape(p).replace(/ +/g, '\\s+'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

function normalize(text: string): string {
  return text.replace(/[’‘]/g, "'").toLowerCase();
}

export function findNoise(text: string): NoiseMatch[] {
  const normalized = normalize(text);
  const out: NoiseMatch[] = [];
  // exec rather than matchAll: matchAll copies this 200-phrase pattern on every call, and
  // bodyNoise calls once per sentence (that copy was most of the quality check's time).
  PATTERN.lastIndex = 0;
  for (let m = PATTERN.exec(normalized); m; m = PATTERN.exec(normalized)) {
    const phrase = byPhrase.get(m[0].replace(/\s+/g, ' '));
    if (phrase) out.push({ phrase, index: m.index, length: m[0].length });
  }
  return out;
}

const TITLE_SEPARATORS = /\s+[|\-–—·•»:/]+\s+|\s*[|•»]\s*/;

/**
 * A title is noise when one of its parts (split at " | ", " – " and the like, which separate
 * the site name) is mostly noise phrases: "Page not found – Blog", "Sign in", "Just a moment...".
 * "How to sign in to Gmail safely" is not: "sign in" is two of its six words.
 */
export function noisyTitle(title: string): string | null {
  for (const part of title.split(TITLE_SEPARATORS)) {
    const total = countWords(part);
    if (total === 0) continue;
    const matches = findNoise(part);
    const covered = matches.reduce((n, m) => n + countWords(m.phrase.phrase), 0);
    if (covered / total >= 0.75) return `title "${title}" reads as ${matches.map((m) => `"${m.phrase.phrase}"`).join(' + ')}`;
  }
  return null;
}

const SENTENCE = /[^.!?\n]+(?:[.!?]+|\n|$)/g;

/** How much of a body is wall, block, error or form text rather than prose. */
export interface BodyNoise {
  /** Share of the words that sit in noisy sentences. */
  noisyShare: number;
  /** A wall phrase (paywall, login wall) in the last 40 words: the article is cut off. */
  endsAtWall: string | null;
  phrases: string[];
}

/**
 * A sentence is noisy when its noise weight is high for its length: a decisive or strong
 * phrase in a sentence of up to 25 words, several phrases in any sentence, or any phrase at
 * all in a line of six words or fewer ("Forgot password?", "Sign in"). A long article that mentions "sign in" once, or
 * discusses CAPTCHAs in long sentences, has a small noisy share.
 */
export function bodyNoise(text: string): BodyNoise {
  const totalWords = Math.max(1, countWords(text));
  let noisyWords = 0;
  const phrases = new Set<string>();
  for (const m of text.matchAll(SENTENCE)) {
    const sentence = m[0];
    const matches = findNoise(sentence);
    if (matches.length === 0) continue;
    const n = countWords(sentence);
    const distinct = new Map(matches.map((x) => [x.phrase.phrase, x.phrase.weight]));
    const weight = [...distinct.values()].reduce((a, b) => a + b, 0);
    const maxWeight = Math.max(...distinct.values());
    if ((maxWeight >= 3 && n <= 25) || weight >= 6 || n <= 6) {
      noisyWords += n;
      for (const p of distinct.keys()) phrases.add(p);
    }
  }
  const tail = segmentWords(text).slice(-40).join(' ');
  const wall = findNoise(tail).find((m) => m.phrase.kind === 'wall');
  return { noisyShare: noisyWords / totalWords, endsAtWall: wall ? wall.phrase.phrase : null, phrases: [...phrases] };
}
