// ICU's segmenters, made once: building one costs far more than using it.

const segmenters = new Map<string, Intl.Segmenter>();

/** The word segmenter for `lang` ("und" when the language does not matter). */
export function wordSegmenter(lang = 'und'): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return segmenter;
}

const supported = new Map<string, string>();

/** `lang` when ICU segments it by its own rules, else English; ICU is asked once per language. */
export function segmenterLanguage(lang: string): string {
  let answer = supported.get(lang);
  if (answer === undefined) supported.set(lang, (answer = Intl.Segmenter.supportedLocalesOf([lang]).length ? lang : 'en'));
  return answer;
}

const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });

/** ICU's sentence segmenter (language-independent rules). */
export function sentenceSegmenter(): Intl.Segmenter {
  return sentences;
}
