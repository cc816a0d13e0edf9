import { primaryLanguage } from '../text/language-tag.ts';
import { keywordTokens, segmenterLanguage, wordListsFor } from '../text/index.ts';
import { singularOf, tagSlug } from './tag-slug.ts';

// Tags by keyword extraction. Candidates are found the RAKE way (runs of words between
// stopwords and punctuation), cut into phrases of one to three words, and re-ranked by how
// often they occur, their length and whether the title uses them. Near-duplicates collapse:
// "panel" and "panels" are one phrase, and "solar" gives way to "solar panels".

export interface TagInput {
  title: string;
  text: string;
  lang: string | null;
}

export interface TagOptions {
  min?: number;
  max?: number;
}

interface Token {
  text: string;
  lower: string;
  stem: string;
  sentenceStart: boolean;
  stop: boolean;
}

interface Candidate {
  key: string;
  stems: string[];
  count: number;
  firstSeen: number;
  forms: Map<string, number>;
  score: number;
}

const MAX_WORDS = 3;
/** A phrase of n words scores n^1.5 per occurrence: "dust storms" four times outweighs half of "dust" nineteen times. */
const PHRASE_WEIGHT = 1.5;
const MAX_TAG_LENGTH = 40;
const NUMERIC = /^[\p{N}.,:%/+\-–]+$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /\p{L}/u;

function isAcronym(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** Lowercase, no diacritics on Latin letters, no plural ending: the identity of a word for counting. */
function stemOf(lower: string): string {
  let w = lower.replace(/['’]s$/, '');
  if (/\p{Script=Latin}/u.test(w)) w = w.normalize('NFKD').replace(/\p{M}+/gu, '');
  return singularOf(w);
}

/** The text's keyword tokens with what counting and filtering them needs; null breaks a phrase. */
function tokenize(text: string, lang: string, stop: Set<string>): Array<Token | null> {
  return keywordTokens(text, lang).map((t) => {
    if (!t) return null;
    const lower = t.text.toLocaleLowerCase(lang);
    const acronym = isAcronym(t.text);
    const tooShort = [...t.text].length < 2;
    const isStop = !acronym && (stop.has(lower) || NUMERIC.test(t.text) || tooShort || !LETTER.test(t.text));
    return { text: t.text, lower, stem: stemOf(lower), sentenceStart: t.sentenceStart, stop: isStop };
  });
}

/** Runs of consecutive non-stop tokens: RAKE's candidate phrases. */
function runs(items: Array<Token | null>): Token[][] {
  const out: Token[][] = [];
  let run: Token[] = [];
  for (const item of items) {
    if (item && !item.stop) run.push(item);
    else {
      if (run.length) out.push(run);
      run = [];
    }
  }
  if (run.length) out.push(run);
  return out;
}

/**
 * Names to keep as written: capitalized in most of their mid-sentence uses, or capitalized
 * at least twice and never written in lowercase.
 */
function properNouns(items: Array<Token | null>): Set<string> {
  const seen = new Map<string, { mid: number; midCapital: number; capital: number; lower: number }>();
  for (const t of items) {
    if (!t) continue;
    const entry = seen.get(t.stem) ?? { mid: 0, midCapital: 0, capital: 0, lower: 0 };
    const capital = /^\p{Lu}/u.test(t.text);
    if (capital) entry.capital++;
    else entry.lower++;
    if (!t.sentenceStart) {
      entry.mid++;
      if (capital) entry.midCapital++;
    }
    seen.set(t.stem, entry);
  }
  return new Set(
    [...seen].filter(([, e]) => (e.midCapital >= 1 && e.midCapital / e.mid >= 0.6) || (e.capital >= 2 && e.lower === 0)).map(([stem]) => stem),
  );
}

function display(form: string, proper: Set<string>, lang: string): string {
  const words = form.split(' ');
  // A name of several words ("Orbital Notes", "Kennedy Space Center") stays as written.
  if (words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w)) && words.some((w) => proper.has(stemOf(w.toLocaleLowerCase(lang))))) return form;
  return form
    .split(' ')
    .map((word) => (isAcronym(word) || proper.has(stemOf(word.toLocaleLowerCase(lang))) ? word : word.toLocaleLowerCase(lang)))
    .join(' ');
}

function mostCommon(forms: Map<string, number>): string {
  return [...forms].sort((a, b) => b[1] - a[1])[0][0];
}

/** Words joined with spaces, except between characters of scripts written without them. */
function joinWords(words: string[]): string {
  let out = words[0] ?? '';
  for (let i = 1; i < words.length; i++) out += (CJK.test(words[i - 1].slice(-1)) && CJK.test(words[i][0]) ? '' : ' ') + words[i];
  return out;
}

const subset = (a: string[], b: string[]) => a.every((w) => b.includes(w));

/**
 * 3–8 short, human-looking tags for an article: lowercase unless an acronym or a name, one to
 * three words, never a stopword or a number, no two that are the same tag in another form.
 */
export function extractTags(input: TagInput, options: TagOptions = {}): string[] {
  const max = Math.max(1, options.max ?? 8);
  const min = Math.min(max, Math.max(0, options.min ?? 3));
  const lang = primaryLanguage(input.lang);
  const segmenterLang = segmenterLanguage(lang);
  const { stop, generic } = wordListsFor(lang);

  const items = tokenize(input.text, segmenterLang, stop);
  const titleItems = tokenize(input.title, segmenterLang, stop);
  const proper = properNouns(items);
  const titleStems = new Set(titleItems.filter((t): t is Token => t !== null && !t.stop).map((t) => t.stem));
  const titleKeys = new Set<string>();
  for (const run of runs(titleItems)) {
    for (let n = 1; n <= MAX_WORDS; n++) for (let i = 0; i + n <= run.length; i++) titleKeys.add(run.slice(i, i + n).map((t) => t.stem).join(' '));
  }

  const candidates = new Map<string, Candidate>();
  let position = 0;
  for (const run of runs(items)) {
    for (let i = 0; i < run.length; i++) {
      for (let n = 1; n <= MAX_WORDS && i + n <= run.length; n++) {
        const words = run.slice(i, i + n);
        const key = words.map((t) => t.stem).join(' ');
        let c = candidates.get(key);
        if (!c) {
          c = { key, stems: words.map((t) => t.stem), count: 0, firstSeen: position, forms: new Map(), score: 0 };
          candidates.set(key, c);
        }
        c.count++;
        const form = joinWords(words.map((t) => t.text));
        c.forms.set(form, (c.forms.get(form) ?? 0) + 1);
      }
      position++;
    }
  }

  const usable = (c: Candidate) => {
    const first = c.stems[0];
    const last = c.stems[c.stems.length - 1];
    if (generic.has(first) || generic.has(last)) return false;
    if (c.stems.length === 1 && lang === 'en' && !proper.has(first) && /(?:ly|ed)$/.test(first)) return false;
    return mostCommon(c.forms).length <= MAX_TAG_LENGTH;
  };

  for (const c of candidates.values()) {
    const inTitle = titleKeys.has(c.key) || c.stems.every((s) => titleStems.has(s));
    const partlyInTitle = c.stems.some((s) => titleStems.has(s));
    const named = c.stems.some((s) => proper.has(s)) || isAcronym(mostCommon(c.forms));
    c.score = c.count * c.stems.length ** PHRASE_WEIGHT * (inTitle ? 2 : partlyInTitle ? 1.4 : 1) * (named ? 1.2 : 1);
  }

  const ranked = [...candidates.values()].filter(usable).sort((a, b) => b.score - a.score || a.firstSeen - b.firstSeen);
  const frequent = ranked.filter((c) => c.count >= 2);
  const selected: Candidate[] = [];
  const slugs = new Set<string>();

  const consider = (c: Candidate, mayReplace: boolean) => {
    if (selected.some((s) => subset(c.stems, s.stems))) return;
    const covered = selected.findIndex((s) => subset(s.stems, c.stems));
    if (covered >= 0) {
      if (!mayReplace) return;
      // "solar" was chosen and now comes "solar panels": the longer phrase replaces it when it is nearly as common.
      if (c.count < 2 || c.score < 0.5 * selected[covered].score) return;
      selected[covered] = c;
      for (let i = selected.length - 1; i > covered; i--) if (subset(selected[i].stems, c.stems)) selected.splice(i, 1);
      return;
    }
    const slug = tagSlug(mostCommon(c.forms));
    if (!slug || slugs.has(slug)) return;
    slugs.add(slug);
    selected.push(c);
  };

  for (const c of frequent) {
    if (selected.length >= max) break;
    consider(c, true);
  }
  const top = Math.max(0, ...selected.map((c) => c.score));
  let chosen = selected.filter((c, i) => i < min || c.score >= 0.2 * top);
  // Too few recurring phrases (a short text): fill up with the best single occurrences the title
  // shares a word with. A phrase met once in the text alone says nothing of what the article is about.
  if (chosen.length < min) {
    for (const c of ranked) {
      if (!c.stems.some((stem) => titleStems.has(stem))) continue;
      if (selected.length >= min) break;
      if (!selected.includes(c)) consider(c, false);
    }
    chosen = selected.slice(0, Math.max(min, chosen.length));
  }
  return chosen.slice(0, max).map((c) => display(mostCommon(c.forms), proper, lang));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A keyword an article uses this often in its text (or once in its title) is what the article is about, not a passing mention. */
const KEYWORD_USES = 2;

/**
 * The topic's keywords the article is about (as whole words, any case, a plural "s" allowed: in
 * its title, or KEYWORD_USES times in its text) come first among its tags, as the config spells
 * them: the owner's words for the subject recur across the topic's articles, where an article's
 * own keyphrases mostly do not. The extracted tags fill the rest, up to `max`, none twice under one slug.
 */
export function withTopicKeywords(tags: readonly string[], keywords: readonly string[], article: { title: string; text: string }, max = 8): string[] {
  const used = keywords.filter((k) => {
    const words = k.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
    if (!words.length) return false;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}s?(?![\\p{L}\\p{N}])`, 'giu');
    return pattern.test(article.title) || (article.text.match(pattern)?.length ?? 0) >= KEYWORD_USES;
  });
  const out: string[] = [];
  const slugs = new Set<string>();
  for (const tag of [...used.map((k) => k.trim()), ...tags]) {
    const slug = tagSlug(tag);
    if (!slug || slugs.has(slug) || out.length >= max) continue;
    slugs.add(slug);
    out.push(tag);
  }
  return out;
}
