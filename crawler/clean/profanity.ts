import { PROFANITY } from './profanity-words.ts';

const WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...PROFANITY].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);
/** URLs and Markdown link targets are left alone: masking them would break the link. */
const URLISH = /\bhttps?:\/\/[^\s<>()\]]+|\bwww\.[^\s<>()\]]+|\]\([^)\s]*\)|\b[\w.+-]+@[\w-]+\.[\w.-]+/giu;

function mask(word: string): string {
  const chars = [...word];
  return chars[0] + chars.slice(1).map((c) => (/\s/.test(c) ? c : '*')).join('');
}

/** Masks listed profanity as whole words, keeping the first letter and the length ("s***"). */
export function maskProfanity(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URLISH)) {
    out += text.slice(last, m.index).replace(WORDS, mask) + m[0];
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replace(WORDS, mask);
}
