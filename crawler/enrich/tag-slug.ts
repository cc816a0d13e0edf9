import { createHash } from 'node:crypto';

// URL slugs for tags, shared by the crawler (tags.slug in the database) and the site (/tags/<slug>/),
// so the two always agree. ASCII where the script allows (Latin folded, Greek and Cyrillic
// transliterated); a tag in another script (CJK, Arabic, Hebrew, Indic…) has no faithful ASCII
// form, so its slug is a stable hash of the name: URLs, file names and bucket keys stay ASCII.

const LATIN_SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', þ: 'th', Þ: 'th',
  ł: 'l', Ł: 'l', ı: 'i', ŀ: 'l', ĸ: 'k', ŋ: 'n', Ŋ: 'n', ħ: 'h', Ħ: 'h',
};

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu',
  я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};

const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p',
  ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

const SYMBOL_WORDS: Array<[RegExp, string]> = [
  [/\+\+/g, ' plus plus '],
  [/\+/g, ' plus '],
  [/#(?=\s|$)/g, ' sharp '],
  [/&/g, ' and '],
  [/@/g, ' at '],
  [/(^|\s)\.(?=\p{L})/gu, '$1dot'],
];

const MAX_LENGTH = 60;

function foldChar(ch: string): string {
  if (LATIN_SPECIAL[ch]) return LATIN_SPECIAL[ch];
  const lower = ch.toLowerCase();
  if (/\p{Script=Latin}/u.test(ch)) return lower.normalize('NFKD').replace(/\p{M}+/gu, '');
  if (/\p{Script=Cyrillic}/u.test(ch)) return CYRILLIC[lower] ?? lower;
  if (/\p{Script=Greek}/u.test(ch)) return GREEK[lower.normalize('NFKD').replace(/\p{M}+/gu, '')] ?? lower;
  return lower;
}

/** "Solar Panels" → "solar-panels", "Crème brûlée" → "creme-brulee", "C++" → "c-plus-plus", "Москва" → "moskva", "日本" → "tag-44da6bbcf2". Empty for a tag with no letters or digits. */
export function tagSlug(tag: string): string {
  let text = tag.normalize('NFC');
  for (const [pattern, replacement] of SYMBOL_WORDS) text = text.replace(pattern, replacement);
  const folded = Array.from(text, foldChar).join('').normalize('NFC');
  let slug = folded
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Not ASCII: a script with no transliteration here (a tag-… slug is ASCII, so this is idempotent).
  if (/[^\x00-\x7f]/.test(slug)) return `tag-${createHash('sha1').update(tag.normalize('NFC')).digest('hex').slice(0, 10)}`;
  if (slug.length > MAX_LENGTH) slug = slug.slice(0, MAX_LENGTH).replace(/-[^-]*$/, '') || slug.slice(0, MAX_LENGTH);
  return slug;
}

/** An English word's singular, as tags count words: "panels" → "panel", "batteries" → "battery", "boxes" → "box", "causes" → "cause"; "glass", "status" and "analysis" stay. */
export function singularOf(word: string): string {
  if (word.length > 3 && /^[a-z-]+$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
    if (/(?:ss|us|is)$/.test(word)) return word;
    if (/(?:ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
    if (word.endsWith('s')) return word.slice(0, -1);
  }
  return word;
}

/**
 * The slugs a tag of one concept may have across number: "project" and "projects", "battery" and
 * "batteries", "box" and "boxes" (the last word of a slug, English endings). The first is the
 * slug itself. The crawler files a new tag under an existing one of these, so one concept keeps
 * one tag page; an existing page is never renamed.
 */
export function slugNumberVariants(slug: string): string[] {
  const m = /^(.*?)([a-z]+)$/.exec(slug);
  if (!m || m[2]!.length < 3) return [slug];
  const [, head, word] = m as unknown as [string, string, string];
  const singular = singularOf(word);
  const forms = new Set<string>([word, singular]);
  if (/[^aeiou]y$/.test(singular)) forms.add(`${singular.slice(0, -1)}ies`);
  else if (/(?:ch|sh|x|ss|us|z)$/.test(singular)) forms.add(`${singular}es`);
  else forms.add(`${singular}s`);
  return [...forms].map((form) => head + form);
}
